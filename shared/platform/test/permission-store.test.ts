// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RESOURCES, SEED_ROLE_PERMISSIONS } from '@esim/contracts';
import { configureApiClient, hasPermission, usePermissionStore } from '../src/index';
import { sendJson, startServer } from './http-server';

let server: Awaited<ReturnType<typeof startServer>>;
const errorsShown: string[] = [];

beforeAll(async () => {
  server = await startServer((request, response) => {
    const url = new URL(request.url, 'http://x');
    const email = url.searchParams.get('email');
    if (url.pathname !== '/api/mng/permission')
      return sendJson(response, 404, { errors: [], errorMessage: 'nope' });
    if (email === 'partner@esim.test') {
      return sendJson(response, 200, {
        data: {
          roleId: 'administrators_partner',
          permissions: SEED_ROLE_PERMISSIONS.administrators_partner,
        },
      });
    }
    return sendJson(response, 500, {
      errors: [{ message: 'database down', code: 'INTERNAL_ERROR' }],
      errorMessage: 'database down',
    });
  });
});

afterAll(() => server.close());

beforeEach(() => {
  errorsShown.length = 0;
  configureApiClient({
    prefixUrl: `${server.baseUrl}/api/mng`,
    getToken: async () => 'token',
    notify: { success: () => undefined, error: (text) => errorsShown.push(text) },
  });
  usePermissionStore.getState().clear();
});

describe('the permission store', () => {
  it('loads the permissions of an e-mail (GET permission?email=)', async () => {
    await usePermissionStore.getState().load('partner@esim.test');
    const state = usePermissionStore.getState();
    expect(server.requests.at(-1)?.url).toBe('/api/mng/permission?email=partner%40esim.test');
    expect(state.status).toBe('ready');
    expect(state.roleId).toBe('administrators_partner');
    expect(state.email).toBe('partner@esim.test');
  });

  it('answers can(path, method) with the contracts rule', async () => {
    await usePermissionStore.getState().load('partner@esim.test');
    const { can } = usePermissionStore.getState();
    expect(can(RESOURCES.orders, 'DELETE')).toBe(true);
    expect(can(RESOURCES.partners, 'PUT')).toBe(true);
    expect(can(RESOURCES.partners, 'POST')).toBe(false);
    expect(can(RESOURCES.productPrices, 'GET')).toBe(true);
    expect(can(RESOURCES.products, 'GET')).toBe(false);
    expect(can(RESOURCES.roles, 'GET')).toBe(false);
    expect(hasPermission(RESOURCES.dashboard, 'GET')).toBe(true);
  });

  it('fails quietly: no error notification, status error, nothing allowed', async () => {
    await usePermissionStore.getState().load('someone@esim.test');
    const state = usePermissionStore.getState();
    expect(state.status).toBe('error');
    expect(state.permissions).toEqual([]);
    expect(state.can(RESOURCES.dashboard, 'GET')).toBe(false);
    expect(errorsShown).toEqual([]);
  });

  it('clear() forgets everything, and a late answer does not come back', async () => {
    const loading = usePermissionStore.getState().load('partner@esim.test');
    usePermissionStore.getState().clear();
    await loading;
    const state = usePermissionStore.getState();
    expect(state).toMatchObject({ status: 'idle', roleId: null, email: null, permissions: [] });
    expect(state.can(RESOURCES.dashboard, 'GET')).toBe(false);
  });
});
