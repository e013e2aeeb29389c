import type { i18n } from 'i18next';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PERMISSION_METHODS, RESOURCES, type RoleListItem, type StaffUser } from '@esim/contracts';
import { getQueryClient, usePermissionStore } from '@esim/platform';
import { createTestI18n, fireEvent, screen, waitFor, within } from '@esim/ui/testing';
import { RoleAssignScreen } from '../src/screens/RoleAssign';
import { StaffUserListScreen } from '../src/screens/StaffUserList';
import {
  SHORT,
  WAIT,
  chooseOption,
  click,
  ok,
  page,
  renderAt,
  startFakeApi,
  type FakeAnswer,
  type Recorded,
} from './fakeApi';

const ALL = [...PERMISSION_METHODS];
const ANN = 'a0000000-0000-4000-8000-000000000001';
const BOSS = 'a0000000-0000-4000-8000-000000000002';
const ME = 'a0000000-0000-4000-8000-000000000003';

const role = (id: string, name: string, assignable: boolean): RoleListItem => ({
  id,
  name,
  description: null,
  userCount: 1,
  userEmails: [`${id}@esim.test`],
  version: 1,
  createdDate: '2030-02-01T00:00:00.000Z',
  updatedDate: '2030-02-01T00:00:00.000Z',
  editable: assignable,
  assignable,
});
const ROLES = [role('clerks', 'Clerks', true), role('administrators', 'Administrators', false)];

const user = (id: string, email: string, overrides: Partial<StaffUser> = {}): StaffUser => ({
  id,
  email,
  name: null,
  status: 'active',
  roleId: 'clerks',
  roleName: 'Clerks',
  partnerName: null,
  lastLoginDate: null,
  createdDate: '2030-02-01T00:00:00.000Z',
  editable: true,
  ...overrides,
});
const USERS = [
  user(ANN, 'ann@esim.test', { name: 'Ann', partnerName: 'Sakura Travel' }),
  user(BOSS, 'boss@esim.test', {
    roleId: 'administrators',
    roleName: 'Administrators',
    editable: false,
    lastLoginDate: '2030-02-03T01:00:00.000Z',
  }),
  user(ME, 'me@esim.test'),
];

function answer(request: Recorded): FakeAnswer {
  switch (`${request.method} ${request.path}`) {
    case 'POST role/list':
      return ok(page(ROLES));
    case 'POST user/list':
      return ok(page(USERS));
    case 'GET user/select':
      return ok([{ value: ANN, label: 'ann@esim.test' }]);
    case 'GET permission':
      return ok({ roleId: 'me', permissions: [] });
    case 'PUT user/status': {
      const { id, status } = JSON.parse(request.body) as { id: string; status: string };
      return ok({ id, email: 'ann@esim.test', status }, 'User status updated.');
    }
    case 'POST role/assign':
      return ok(
        {
          roleId: 'clerks',
          users: [
            { id: ANN, email: 'ann@esim.test', status: 'active' },
            { id: 'new', email: 'new@esim.test', status: 'active' },
          ],
          created: 1,
        },
        'Role assigned.',
      );
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
  getQueryClient().clear();
  usePermissionStore.setState({
    email: 'me@esim.test',
    roleId: 'me',
    permissions: [
      { path: RESOURCES.roles, methods: ALL },
      { path: RESOURCES.users, methods: ALL },
    ],
    status: 'ready',
  });
});

const rowOf = async (email: string) =>
  (await screen.findByText(email, {}, WAIT)).closest('tr') as HTMLElement;

describe('Staff users', () => {
  it('sends the filters of the URL and shows role, partner and last sign-in', WAIT, async () => {
    renderAt(
      '/roles/users?search=ann&roleId=clerks&status=active',
      '/roles/users',
      <StaffUserListScreen />,
      en,
    );
    const ann = await rowOf('ann@esim.test');
    expect(within(ann).getByText('Sakura Travel')).toBeTruthy();
    expect(within(ann).getByText('Never')).toBeTruthy();
    expect(within(ann).getByText('Clerks')).toBeTruthy();
    expect(JSON.parse(api.sent('POST', 'user/list').at(-1)!.body)).toEqual({
      page: 1,
      pageSize: 10,
      sort: 'createdDate',
      order: 'desc',
      search: 'ann',
      roleId: 'clerks',
      status: 'active',
    });
    expect(screen.getByText('Invite staff member')).toBeTruthy();
  });

  it(
    'disables an account after a confirmation; never one above the user, nor their own',
    WAIT,
    async () => {
      renderAt('/roles/users', '/roles/users', <StaffUserListScreen />, en);
      const boss = await rowOf('boss@esim.test');
      expect((within(boss).getByTestId('user-disable') as HTMLButtonElement).disabled).toBe(true);
      expect(within(await rowOf('me@esim.test')).queryByTestId('user-disable')).toBeNull();

      await click(within(await rowOf('ann@esim.test')).getByTestId('user-disable'));
      const dialog = await screen.findByRole('dialog', {}, SHORT);
      expect(within(dialog).getByText('Disable ann@esim.test?')).toBeTruthy();
      await click(within(dialog).getByRole('button', { name: 'Disable' }));
      await waitFor(() => expect(api.sent('PUT', 'user/status')).toHaveLength(1), SHORT);
      expect(JSON.parse(api.sent('PUT', 'user/status')[0]!.body)).toEqual({
        id: ANN,
        status: 'inactive',
      });
    },
  );

  it('offers neither invite nor disable without POST / PUT on users', WAIT, async () => {
    usePermissionStore.setState({ permissions: [{ path: RESOURCES.users, methods: ['GET'] }] });
    renderAt('/roles/users', '/roles/users', <StaffUserListScreen />, en);
    await rowOf('ann@esim.test');
    expect(screen.queryByText('Invite staff member')).toBeNull();
    expect(screen.queryByTestId('user-disable')).toBeNull();
    // Without GET on roles, no role filter (role/list would be refused).
    expect(screen.queryByTestId('filter-role')).toBeNull();
    expect(api.sent('POST', 'role/list')).toEqual([]);
  });
});

describe('Assign permission', () => {
  it(
    'offers only assignable roles, confirms, assigns users and e-mails, shows the result',
    WAIT,
    async () => {
      renderAt('/roles/assign', '/roles/assign', <RoleAssignScreen />, en);
      const form = await screen.findByTestId('assign-form', {}, WAIT);
      const [roleBox, usersBox, emailsBox] = within(form).getAllByRole('combobox');
      fireEvent.mouseDown(roleBox!);
      await waitFor(
        () =>
          expect(document.querySelector('.ant-select-item-option[title="Clerks"]')).not.toBeNull(),
        SHORT,
      );
      expect(document.querySelector('.ant-select-item-option[title="Administrators"]')).toBeNull();
      await chooseOption(roleBox!, 'Clerks');
      fireEvent.mouseDown(usersBox!);
      await waitFor(
        () =>
          expect(
            document.querySelector('.ant-select-item-option[title="ann@esim.test"]'),
          ).not.toBeNull(),
        SHORT,
      );
      await chooseOption(usersBox!, 'ann@esim.test');
      fireEvent.change(emailsBox!, { target: { value: 'New@esim.test' } });
      fireEvent.keyDown(emailsBox!, { key: 'Enter', code: 'Enter', keyCode: 13 });

      await click(screen.getByTestId('assign-submit'));
      const dialog = await screen.findByRole('dialog', {}, SHORT);
      expect(within(dialog).getByText('Assign the role Clerks?')).toBeTruthy();
      await click(within(dialog).getByRole('button', { name: 'Assign' }));
      await waitFor(() => expect(api.sent('POST', 'role/assign')).toHaveLength(1), SHORT);
      expect(JSON.parse(api.sent('POST', 'role/assign')[0]!.body)).toEqual({
        roleId: 'clerks',
        userIds: [ANN],
        emails: ['new@esim.test'],
      });
      expect((await screen.findByTestId('assign-result-users', {}, SHORT)).textContent).toBe(
        'Users assigned: 2',
      );
      expect(screen.getByTestId('assign-result-created').textContent).toBe('Accounts created: 1');
      // The signed-in user may be among them: their permissions are read again.
      await waitFor(() => expect(api.sent('GET', 'permission')).toHaveLength(1), SHORT);
    },
  );
});
