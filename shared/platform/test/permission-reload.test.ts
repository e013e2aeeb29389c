// @vitest-environment node
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESOURCES, type PermissionEntry } from '@esim/contracts';
import {
  FORBIDDEN_RELOAD_INTERVAL_MS,
  api,
  configureApiClient,
  reloadPermissions,
  usePermissionStore,
  type PermissionStatus,
} from '../src/index';
import { sendJson, startServer } from './http-server';

/*
 * Rights taken away or given while the user is signed in: a save that may change them reloads
 * them (reloadPermissions), and so does a 403 from the API, once for a burst of refusals.
 */

const EMAIL = 'staff@esim.test';
const ORDERS_VIEW_CREATE: PermissionEntry[] = [
  { path: RESOURCES.orders, methods: ['GET', 'POST'] },
];
const ORDERS_VIEW: PermissionEntry[] = [{ path: RESOURCES.orders, methods: ['GET'] }];

let server: Awaited<ReturnType<typeof startServer>>;
const onServer = { permissions: ORDERS_VIEW_CREATE, permissionFails: false, delayMs: 0 };
const errorsShown: string[] = [];

const permissionReads = () =>
  server.requests.filter((request) => request.url.startsWith('/api/mng/permission')).length;

beforeAll(async () => {
  server = await startServer((request, response) => {
    const path = new URL(request.url, 'http://x').pathname;
    if (path === '/api/mng/permission') {
      const answer = () =>
        onServer.permissionFails
          ? sendJson(response, 500, { errors: [], errorMessage: 'database down' })
          : sendJson(response, 200, {
              data: { roleId: 'clerks', permissions: onServer.permissions },
            });
      setTimeout(answer, onServer.delayMs);
      return;
    }
    if (path === '/api/mng/order') {
      return sendJson(response, 403, {
        errors: [{ message: 'You do not have permission.', code: 'FORBIDDEN' }],
        errorMessage: 'You do not have permission.',
      });
    }
    if (path === '/api/mng/order/missing') {
      return sendJson(response, 404, { errors: [], errorMessage: 'Order not found' });
    }
    return sendJson(response, 200, { data: 'ok' });
  });
});
afterAll(() => server.close());

let statuses: PermissionStatus[] = [];
let clock = Date.now();
let stopWatching = () => undefined as void;

beforeEach(async () => {
  // Each test starts after the last 403 reload's quiet interval.
  clock += 10 * FORBIDDEN_RELOAD_INTERVAL_MS;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(clock);
  Object.assign(onServer, {
    permissions: ORDERS_VIEW_CREATE,
    permissionFails: false,
    delayMs: 0,
  });
  errorsShown.length = 0;
  configureApiClient({
    prefixUrl: `${server.baseUrl}/api/mng`,
    getToken: async () => 'token',
    notify: { success: () => undefined, error: (text) => errorsShown.push(text) },
  });
  usePermissionStore.getState().clear();
  await usePermissionStore.getState().load(EMAIL);
  server.requests.length = 0;
  statuses = [];
  stopWatching = usePermissionStore.subscribe((state) => {
    statuses.push(state.status);
  });
});
afterEach(() => {
  stopWatching();
  vi.useRealTimers();
});

const forbidden = () => api.post('order', {}).catch(() => undefined);

async function settled(): Promise<void> {
  await vi.waitFor(() => expect(permissionReads()).toBeGreaterThan(0), { timeout: 5_000 });
  await reloadPermissions();
}

describe('reloadPermissions()', () => {
  it('takes away what the role no longer grants, staying ready (screens stay mounted)', async () => {
    expect(usePermissionStore.getState().can(RESOURCES.orders, 'POST')).toBe(true);
    onServer.permissions = ORDERS_VIEW;
    await reloadPermissions();
    const state = usePermissionStore.getState();
    expect(state.can(RESOURCES.orders, 'POST')).toBe(false);
    expect(state.can(RESOURCES.orders, 'GET')).toBe(true);
    expect(state.status).toBe('ready');
    expect(statuses).not.toContain('loading');
    expect(server.requests.map((request) => request.url)).toEqual([
      '/api/mng/permission?email=staff%40esim.test',
    ]);
  });

  it('changes nothing that reads the permissions when they are the same', async () => {
    const before = usePermissionStore.getState().permissions;
    await reloadPermissions();
    expect(usePermissionStore.getState().permissions).toBe(before);
    expect(statuses).toEqual([]);
  });

  it('keeps the permissions it had when the reload fails, without an error notification', async () => {
    onServer.permissionFails = true;
    await reloadPermissions();
    const state = usePermissionStore.getState();
    expect(state.status).toBe('ready');
    expect(state.can(RESOURCES.orders, 'POST')).toBe(true);
    expect(errorsShown).toEqual([]);
  });

  it('asked again while one is on its way, reads once more afterwards (sees the later change)', async () => {
    onServer.delayMs = 150;
    const first = reloadPermissions();
    // The save that asks now committed after the first read was sent.
    onServer.permissions = ORDERS_VIEW;
    const second = reloadPermissions();
    const third = reloadPermissions();
    await Promise.all([first, second, third]);
    expect(permissionReads()).toBe(2);
    expect(usePermissionStore.getState().can(RESOURCES.orders, 'POST')).toBe(false);
  });

  it('does nothing for a signed-out user', async () => {
    usePermissionStore.getState().clear();
    server.requests.length = 0;
    await reloadPermissions();
    expect(permissionReads()).toBe(0);
  });
});

describe('a 403 from the API', () => {
  it('reloads the permissions, so what was taken away disappears without a page reload', async () => {
    onServer.permissions = ORDERS_VIEW;
    await forbidden();
    await settled();
    expect(usePermissionStore.getState().can(RESOURCES.orders, 'POST')).toBe(false);
    expect(errorsShown).toEqual(['You do not have permission.']);
    expect(statuses).not.toContain('loading');
  });

  it('reloads once for a burst of refusals, and not again within the quiet interval', async () => {
    onServer.delayMs = 50;
    await Promise.all([forbidden(), forbidden(), forbidden(), forbidden(), forbidden()]);
    await settled();
    // The burst's reload, then settled()'s own reloadPermissions() call.
    expect(permissionReads()).toBe(2);
    server.requests.length = 0;
    await forbidden();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(permissionReads()).toBe(0);

    vi.setSystemTime(Date.now() + FORBIDDEN_RELOAD_INTERVAL_MS);
    onServer.permissions = ORDERS_VIEW;
    await forbidden();
    await settled();
    expect(usePermissionStore.getState().can(RESOURCES.orders, 'POST')).toBe(false);
  });

  it('other refusals (404) do not reload', async () => {
    await api.get('order/missing').catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(permissionReads()).toBe(0);
  });
});
