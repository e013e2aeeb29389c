import type { i18n } from 'i18next';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  PERMISSION_METHODS,
  RESOURCES,
  type PermissionEntry,
  type RoleDetail,
  type RoleListItem,
} from '@esim/contracts';
import { getQueryClient, usePermissionStore } from '@esim/platform';
import { createTestI18n, fireEvent, screen, waitFor, within } from '@esim/ui/testing';
import { RoleRegisterScreen } from '../src/screens/RoleRegister';
import { RoleSettingScreen } from '../src/screens/RoleSetting';
import {
  SHORT,
  WAIT,
  click,
  ok,
  page,
  renderAt,
  startFakeApi,
  type FakeAnswer,
  type Recorded,
} from './fakeApi';

const ROLE_ID = 'clerks';
const ANN = 'a0000000-0000-4000-8000-000000000001';
const ALL = [...PERMISSION_METHODS];

const LIST_ITEM: RoleListItem = {
  id: ROLE_ID,
  name: 'Clerks',
  description: 'Front desk',
  userCount: 5,
  userEmails: ['ann@esim.test', 'bob@esim.test', 'cat@esim.test'],
  version: 3,
  createdDate: '2030-02-01T00:00:00.000Z',
  updatedDate: '2030-02-02T00:00:00.000Z',
  editable: true,
  assignable: true,
};
const { userCount: _count, userEmails: _emails, ...LIST_FIELDS } = LIST_ITEM;
const DETAIL: RoleDetail = {
  ...LIST_FIELDS,
  permissions: [{ path: RESOURCES.orders, methods: ['GET'] }],
  users: [{ id: ANN, email: 'ann@esim.test', status: 'active' }],
};
/** The signed-in user: everything but the releases screen and '*'. */
const OWN: PermissionEntry[] = Object.values(RESOURCES)
  .filter((path) => path !== RESOURCES.releases)
  .map((path) => ({ path, methods: ALL }));

const fake = {
  detail: DETAIL,
  conflict: false,
  nameTaken: false,
};

function answer(request: Recorded): FakeAnswer {
  switch (`${request.method} ${request.path}`) {
    case 'POST role/list':
      return ok(page([LIST_ITEM]));
    case 'GET role':
      return ok(fake.detail);
    case 'GET user/select':
      return ok(
        ['ann', 'bob', 'cat'].map((name, index) => ({
          value: `a0000000-0000-4000-8000-00000000000${index + 1}`,
          label: `${name}@esim.test`,
        })),
      );
    case 'GET permission':
      return ok({ roleId: 'me', permissions: OWN });
    case 'GET audit/history':
      return ok(page([]));
    case 'POST role/permission': {
      if (fake.conflict)
        return {
          status: 409,
          body: {
            errors: [{ field: 'version', message: 'The record was changed by someone else.' }],
            errorMessage: 'The record was changed by someone else.',
          },
        };
      const { permissions } = JSON.parse(request.body) as { permissions: PermissionEntry[] };
      fake.detail = { ...fake.detail, permissions, version: fake.detail.version + 1 };
      return ok(fake.detail, 'Permissions saved.');
    }
    case 'POST role':
      return fake.nameTaken
        ? {
            status: 409,
            body: {
              errors: [{ field: 'name', message: 'Name already existed in the database.' }],
              errorMessage: 'Name already existed in the database.',
            },
          }
        : {
            status: 201,
            body: { data: { ...DETAIL, id: 'new-role', permissions: [], users: [] } },
          };
    default:
      return { status: 404, body: { errors: [], errorMessage: 'No fake' } };
  }
}

let en: i18n;
let api: Awaited<ReturnType<typeof startFakeApi>>;
beforeAll(async () => {
  en = await createTestI18n('en');
  api = await startFakeApi(answer);
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  Object.assign(fake, { detail: DETAIL, conflict: false, nameTaken: false });
  getQueryClient().clear();
  usePermissionStore.setState({
    email: 'me@esim.test',
    roleId: 'me',
    permissions: OWN,
    status: 'ready',
  });
});

const cell = (path: string, method: string) =>
  screen.getByTestId(`perm-${path}-${method}`) as HTMLInputElement;

describe('Role setting list', () => {
  it("shows each role with the first three users' e-mails and +N for the rest", WAIT, async () => {
    renderAt('/roles?search=cler', '/roles', <RoleSettingScreen />, en);
    const link = await screen.findByTestId('role-link', {}, WAIT);
    expect(link.getAttribute('href')).toBe(`/roles?id=${ROLE_ID}`);
    const row = link.closest('tr') as HTMLElement;
    const emails = await within(row).findByTestId('role-user-emails', {}, WAIT);
    await waitFor(() =>
      expect(emails.textContent).toBe('ann@esim.test, bob@esim.test, cat@esim.test +2'),
    );
    // From role/list itself: no request per row.
    expect(api.sent('GET', 'user/select')).toHaveLength(0);
    expect(JSON.parse(api.sent('POST', 'role/list').at(-1)!.body)).toEqual({
      page: 1,
      pageSize: 10,
      sort: 'name',
      order: 'asc',
      search: 'cler',
    });
  });
});

describe('The permission matrix of a role', () => {
  it(
    'ticks Orders Create, previews what the save grants, saves with the version and reloads own permissions',
    WAIT,
    async () => {
      renderAt(`/roles?id=${ROLE_ID}`, '/roles', <RoleSettingScreen />, en);
      expect((await screen.findByTestId('role-title', {}, WAIT)).textContent).toBe('Clerks');
      expect(cell('/orders', 'GET').checked).toBe(true);
      expect(cell('/orders', 'POST').checked).toBe(false);
      const save = screen.getByTestId('permissions-save') as HTMLButtonElement;
      expect(save.disabled).toBe(true);
      // Labelled in the user's language, the method beside.
      expect(cell('/orders', 'POST').getAttribute('aria-label')).toBe('Create: Orders');

      await click(cell('/orders', 'POST'));
      expect(save.disabled).toBe(false);
      await click(save);
      const dialog = await screen.findByRole('dialog', {}, SHORT);
      expect(within(dialog).getByText('Save these permission changes?')).toBeTruthy();
      expect(within(dialog).getByTestId('diff-granted-/orders-POST').textContent).toBe(
        '+ Create (POST)',
      );
      expect(within(dialog).queryByTestId('diff-removed-/orders-GET')).toBeNull();
      await click(within(dialog).getByRole('button', { name: 'Save permissions' }));

      await waitFor(() => expect(api.sent('POST', 'role/permission')).toHaveLength(1), SHORT);
      expect(JSON.parse(api.sent('POST', 'role/permission')[0]!.body)).toEqual({
        roleId: ROLE_ID,
        permissions: [{ path: '/orders', methods: ['GET', 'POST'] }],
        version: 3,
      });
      // The signed-in user may hold this role: their permissions are read again.
      await waitFor(() => expect(api.sent('GET', 'permission')).toHaveLength(1), SHORT);
      await waitFor(() => expect(save.disabled).toBe(true), SHORT);
      expect(cell('/orders', 'POST').checked).toBe(true);
    },
  );

  it('lists what a save removes, and Undo brings back what was loaded', WAIT, async () => {
    usePermissionStore.setState({ permissions: [{ path: '*', methods: ALL }] });
    renderAt(`/roles?id=${ROLE_ID}`, '/roles', <RoleSettingScreen />, en);
    await screen.findByTestId('role-title', {}, WAIT);
    await click(cell('/orders', 'GET'));
    await click(cell('*', 'GET'));
    await click(screen.getByTestId('permissions-save'));
    const dialog = await screen.findByRole('dialog', {}, SHORT);
    expect(within(dialog).getByTestId('diff-removed-/orders-GET').textContent).toBe('− View (GET)');
    expect(within(dialog).getByTestId('diff-granted-*-GET')).toBeTruthy();
    await click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.sent('POST', 'role/permission')).toEqual([]);
    // '*' grants View everywhere: shown ticked, nothing to change there.
    expect(cell('/stock', 'GET').checked).toBe(true);
    expect(cell('/stock', 'GET').disabled).toBe(true);

    await click(screen.getByTestId('permissions-undo'));
    expect(cell('/orders', 'GET').checked).toBe(true);
    expect(cell('*', 'GET').checked).toBe(false);
    expect((screen.getByTestId('permissions-save') as HTMLButtonElement).disabled).toBe(true);
  });

  it('disables what the signed-in user does not hold', WAIT, async () => {
    renderAt(`/roles?id=${ROLE_ID}`, '/roles', <RoleSettingScreen />, en);
    await screen.findByTestId('role-title', {}, WAIT);
    expect(cell('/settings/releases', 'GET').disabled).toBe(true);
    // '*' needs an entry as wide: holding every resource is not enough.
    expect(cell('*', 'GET').disabled).toBe(true);
    expect(cell('/settings/*', 'GET').disabled).toBe(true);
    expect(cell('/settings', 'GET').disabled).toBe(false);
  });

  it(
    'shows a role the user may not edit read-only: every cell disabled, no Save',
    WAIT,
    async () => {
      fake.detail = { ...DETAIL, editable: false, assignable: false };
      renderAt(`/roles?id=${ROLE_ID}`, '/roles', <RoleSettingScreen />, en);
      await screen.findByTestId('role-title', {}, WAIT);
      expect(screen.getByTestId('role-read-only').textContent).toContain(
        'This role grants permissions that you do not have',
      );
      expect(cell('/orders', 'POST').disabled).toBe(true);
      expect(cell('/dashboard', 'GET').disabled).toBe(true);
      expect(screen.queryByTestId('permissions-save')).toBeNull();
      expect(screen.queryByTestId('role-edit')).toBeNull();
    },
  );

  it('a stale version saves nothing; Reload shows the role as it is now', WAIT, async () => {
    fake.conflict = true;
    renderAt(`/roles?id=${ROLE_ID}`, '/roles', <RoleSettingScreen />, en);
    await screen.findByTestId('role-title', {}, WAIT);
    await click(cell('/orders', 'PUT'));
    await click(screen.getByTestId('permissions-save'));
    const dialog = await screen.findByRole('dialog', {}, SHORT);
    await click(within(dialog).getByRole('button', { name: 'Save permissions' }));
    const alert = await screen.findByTestId('permissions-conflict', {}, SHORT);
    expect(alert.textContent).toContain('Someone else changed this role');
    expect((screen.getByTestId('permissions-save') as HTMLButtonElement).disabled).toBe(true);

    fake.detail = {
      ...DETAIL,
      version: 5,
      permissions: [{ path: RESOURCES.orders, methods: ['GET', 'DELETE'] }],
    };
    await click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.queryByTestId('permissions-conflict')).toBeNull(), SHORT);
    expect(cell('/orders', 'DELETE').checked).toBe(true);
    expect(cell('/orders', 'PUT').checked).toBe(false);
  });
});

describe('Create new role', () => {
  it(
    "puts a taken name on the name field; a free one opens the new role's matrix",
    WAIT,
    async () => {
      fake.nameTaken = true;
      const router = renderAt('/roles/register', '/roles/register', <RoleRegisterScreen />, en);
      const form = await screen.findByTestId('role-register-form', {}, WAIT);
      const name = within(form).getByLabelText('Role name');
      fireEvent.change(name, { target: { value: 'Clerks' } });
      await click(screen.getByTestId('role-create'));
      expect(
        await within(form).findByText('Name already existed in the database.', {}, SHORT),
      ).toBeTruthy();
      expect(name.getAttribute('aria-invalid')).toBe('true');

      fake.nameTaken = false;
      fireEvent.change(name, { target: { value: 'Night clerks' } });
      await click(screen.getByTestId('role-create'));
      await screen.findByTestId('elsewhere', {}, SHORT);
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/roles?id=new-role',
      );
      expect(JSON.parse(api.sent('POST', 'role').at(-1)!.body)).toEqual({
        name: 'Night clerks',
        description: '',
      });
    },
  );
});
