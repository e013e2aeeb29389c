import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  RESOURCES,
  type CanaryPin,
  type PermissionEntry,
  type ReleaseVersionItem,
  type RemoteReleaseItem,
} from '@esim/contracts';
import { getQueryClient, usePermissionStore } from '@esim/platform';
import { ConfirmDialogHost } from '@esim/ui';
import {
  act,
  createTestI18n,
  fireEvent,
  renderWithProviders,
  screen,
  waitFor,
  within,
  startFakeApi,
  type FakeAnswer as Answer,
  type Recorded,
} from '@esim/ui/testing';
import { RemoteReleaseCard } from '../src/releases/RemoteReleaseCard';
import { canaryDoingWorse } from '../src/releases/compatibility';

/*
 * The Releases screen's safety: each version's fit with the console and error rate, reasons on
 * every change, Force for an incompatible version, the canary and its one-click rollback; what
 * the screen sends goes to a fake API over HTTP.
 */

const WAIT = { timeout: 30_000 };
const MANAGER: PermissionEntry[] = [{ path: RESOURCES.releases, methods: ['GET', 'PUT', 'POST'] }];

function version(name: string, extra: Partial<ReleaseVersionItem> = {}): ReleaseVersionItem {
  return {
    version: name,
    manifestHash: `${name.replaceAll('.', '')}bbbbbbbbbbbbbbbb`,
    publishedAt: '2026-01-01T00:00:00Z',
    publishedBy: 'dev@example.com',
    pinned: false,
    compatibility: { compatible: true, problems: [] },
    errorRate: { loads: 0, failures: 0, rate: null },
    ...extra,
  };
}

const INCOMPATIBLE = {
  compatible: false,
  problems: [
    { package: '@esim/platform', required: '^2.0.0', provided: '1.1.0' },
    { package: 'left-pad', required: '^1.0.0', provided: null },
  ],
};

const CANARY: CanaryPin = {
  version: '1.2.0',
  percent: 10,
  roleIds: ['administrators_staff'],
  setBy: 'lead@example.com',
  setAt: '2026-01-03T00:00:00Z',
  reason: 'try the new list',
};

function release(overrides: Partial<RemoteReleaseItem> = {}): RemoteReleaseItem {
  return {
    remote: 'stock',
    pinnedVersion: '1.1.0',
    pinnedAt: '2026-01-02T00:00:00Z',
    pinnedBy: 'lead@example.com',
    rollbackVersion: '1.0.0',
    canary: null,
    versions: [
      version('2.0.0', { compatibility: INCOMPATIBLE }),
      version('1.2.0', { errorRate: { loads: 45, failures: 5, rate: 0.1 } }),
      version('1.1.0', { pinned: true, errorRate: { loads: 199, failures: 1, rate: 0.005 } }),
      version('1.0.0'),
    ],
    history: [],
    ...overrides,
  };
}

function answer(request: Recorded): Answer {
  switch (`${request.method} ${request.path}`) {
    case 'PUT release/pin':
      return { status: 200, body: { data: {}, message: 'Release pinned: stock 2.0.0.' } };
    case 'PUT release/canary':
      return { status: 200, body: { data: CANARY, message: 'Canary set: stock 1.2.0.' } };
    case 'DELETE release/canary':
      return { status: 200, body: { data: {}, message: 'Canary ended.' } };
    case 'GET release/list':
      return { status: 200, body: { data: { remotes: [] } } };
    default:
      return { status: 404, body: { errors: [], errorMessage: 'No fake' } };
  }
}

let api: Awaited<ReturnType<typeof startFakeApi>>;
let en: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
  api = await startFakeApi(answer);
});
afterAll(() => api.close());
beforeEach(() => {
  api.requests.length = 0;
  getQueryClient().clear();
  usePermissionStore.setState({ permissions: MANAGER, status: 'ready' });
});

function renderCard(item: RemoteReleaseItem) {
  return renderWithProviders(
    <QueryClientProvider client={getQueryClient()}>
      <RouterProvider
        router={createMemoryRouter([
          { path: '/', element: <RemoteReleaseCard release={item} previews={{}} /> },
        ])}
      />
      <ConfirmDialogHost />
    </QueryClientProvider>,
    en,
  );
}

async function click(element: Element) {
  await act(async () => {
    fireEvent.click(element);
  });
}

async function chooseOption(combobox: Element, label: string) {
  fireEvent.mouseDown(combobox);
  await act(async () => undefined);
  const option = [...document.querySelectorAll('.ant-select-item-option')].find(
    (candidate) => candidate.getAttribute('title') === label,
  );
  if (!option) throw new Error(`No option "${label}"`);
  await click(option);
}

const dialogTitled = async (title: string) =>
  (await screen.findByText(title, {}, WAIT)).closest('[role="dialog"]') as HTMLElement;

describe('the Releases screen, production safety', { timeout: 60_000 }, () => {
  it("shows each version's fit with the console in plain words, and its error rate", () => {
    renderCard(release());
    const incompatible = screen.getByTestId('release-compat-stock-2.0.0');
    expect(incompatible.dataset.compatible).toBe('false');
    expect(incompatible.textContent).toContain('Not compatible');
    expect(incompatible.textContent).toContain(
      'Needs @esim/platform ^2.0.0; this console provides 1.1.0.',
    );
    expect(incompatible.textContent).toContain(
      'Needs left-pad ^1.0.0; this console does not provide it.',
    );
    expect(screen.getByTestId('release-compat-stock-1.1.0').textContent).toBe('Compatible');

    expect(screen.getByTestId('release-error-rate-stock-1.2.0').textContent).toBe(
      '10% (5 failed of 50)',
    );
    expect(screen.getByTestId('release-error-rate-stock-1.1.0').textContent).toBe(
      '0.5% (1 failed of 200)',
    );
    expect(screen.getByTestId('release-error-rate-stock-1.0.0').textContent).toBe('No reports');
  });

  it('needs a reason to pin, and Force with it for a version the console is not compatible with', async () => {
    renderCard(release());
    await click(screen.getByTestId('release-pin-stock'));
    const dialog = await dialogTitled('Pin a version of Stock');
    await chooseOption(within(dialog).getByRole('combobox'), '2.0.0');
    expect(within(dialog).getByTestId('release-incompatible').textContent).toContain(
      'Needs @esim/platform ^2.0.0; this console provides 1.1.0.',
    );
    await click(within(dialog).getByTestId('release-pin-submit'));
    expect(await within(dialog).findByText('Reason is required.', {}, WAIT)).toBeTruthy();
    fireEvent.change(dialog.querySelector('#field-reason')!, {
      target: { value: 'hotfix needs it' },
    });
    await click(within(dialog).getByTestId('release-pin-submit'));
    expect(
      await within(dialog).findByText(
        'This version is not compatible with this console. Tick Force to go ahead anyway.',
        {},
        WAIT,
      ),
    ).toBeTruthy();
    expect(api.sent('PUT', 'release/pin')).toHaveLength(0);

    await click(dialog.querySelector('#field-force')!);
    await click(within(dialog).getByTestId('release-pin-submit'));
    const confirmDialog = await dialogTitled('Pin stock 2.0.0?');
    expect(confirmDialog.textContent).toContain('is not compatible with this console');
    await click(within(confirmDialog).getByRole('button', { name: 'Pin' }));
    await waitFor(() => expect(api.sent('PUT', 'release/pin')).toHaveLength(1), WAIT);
    expect(JSON.parse(api.sent('PUT', 'release/pin')[0]!.body)).toEqual({
      remote: 'stock',
      version: '2.0.0',
      reason: 'hotfix needs it',
      force: true,
    });
  });

  it('sets a canary for a share of users with a reason; a share or a role is required', async () => {
    renderCard(release());
    expect(screen.getByTestId('release-canary-stock').textContent).toContain('No canary.');
    await click(screen.getByTestId('release-canary-set-stock'));
    const dialog = await dialogTitled('Canary of Stock');
    const [versionBox] = within(dialog).getAllByRole('combobox');
    await chooseOption(versionBox!, '1.2.0');
    fireEvent.change(dialog.querySelector('#field-reason')!, {
      target: { value: 'try the new list' },
    });
    await click(within(dialog).getByTestId('release-canary-submit'));
    expect(
      await within(dialog).findByText('Give a share of users or at least one role.', {}, WAIT),
    ).toBeTruthy();

    fireEvent.change(dialog.querySelector('#field-percent')!, { target: { value: '10' } });
    await click(within(dialog).getByTestId('release-canary-submit'));
    const confirmDialog = await dialogTitled('Set a canary of Stock 1.2.0?');
    expect(confirmDialog.textContent).toContain('everyone else keeps 1.1.0');
    await click(within(confirmDialog).getByRole('button', { name: 'Set canary' }));
    await waitFor(() => expect(api.sent('PUT', 'release/canary')).toHaveLength(1), WAIT);
    expect(JSON.parse(api.sent('PUT', 'release/canary')[0]!.body)).toEqual({
      remote: 'stock',
      version: '1.2.0',
      percent: 10,
      roleIds: [],
      reason: 'try the new list',
    });
  });

  it('offers a one-click Roll back canary when the canary fails more than the pin; it ends it with a reason that says so', async () => {
    renderCard(release({ canary: CANARY }));
    const panel = screen.getByTestId('release-canary-stock');
    expect(panel.dataset.version).toBe('1.2.0');
    expect(panel.textContent).toContain('Canary: 1.2.0');
    expect(panel.textContent).toContain('10 % of users');
    expect(panel.textContent).toContain('Why: try the new list');
    expect(screen.getByTestId('release-canary-worse-stock').textContent).toBe(
      'The canary fails more often than the pinned version: 10% against 0.5%.',
    );

    await click(screen.getByTestId('release-canary-rollback-stock'));
    const confirmDialog = await dialogTitled('Roll back the canary of Stock?');
    await click(within(confirmDialog).getByRole('button', { name: 'Roll back canary' }));
    await waitFor(() => expect(api.sent('DELETE', 'release/canary')).toHaveLength(1), WAIT);
    expect(JSON.parse(api.sent('DELETE', 'release/canary')[0]!.body)).toEqual({
      remote: 'stock',
      reason: 'Canary 1.2.0 rolled back: error rate 10%, above the pinned 1.1.0 (0.5%).',
    });
  });

  it('compares the canary with the pin only on reports: no reports, no rollback offer', () => {
    const item = release({ canary: CANARY });
    expect(canaryDoingWorse(item)).toEqual({ canaryRate: 0.1, pinnedRate: 0.005 });
    const quiet = item.versions.map((entry) =>
      entry.version === '1.2.0'
        ? { ...entry, errorRate: { loads: 0, failures: 0, rate: null } }
        : entry,
    );
    expect(canaryDoingWorse({ ...item, versions: quiet })).toBeNull();
    const better = item.versions.map((entry) =>
      entry.version === '1.2.0'
        ? { ...entry, errorRate: { loads: 100, failures: 0, rate: 0 } }
        : entry,
    );
    expect(canaryDoingWorse({ ...item, versions: better })).toBeNull();
    // A pin without reports counts as 0: any canary failure is above it.
    const unreported = item.versions.map((entry) =>
      entry.version === '1.1.0'
        ? { ...entry, errorRate: { loads: 0, failures: 0, rate: null } }
        : entry,
    );
    expect(canaryDoingWorse({ ...item, versions: unreported })).toEqual({
      canaryRate: 0.1,
      pinnedRate: 0,
    });
    expect(canaryDoingWorse({ ...item, canary: null })).toBeNull();
  });

  it('shows a release reader the canary but no way to change it', () => {
    usePermissionStore.setState({ permissions: [{ path: RESOURCES.releases, methods: ['GET'] }] });
    renderCard(release({ canary: CANARY }));
    expect(screen.getByTestId('release-canary-stock').dataset.version).toBe('1.2.0');
    expect(screen.queryByTestId('release-canary-rollback-stock')).toBeNull();
    expect(screen.queryByTestId('release-canary-end-stock')).toBeNull();
  });
});
