import { afterEach, describe, expect, it } from 'vitest';
import { LAST_LOGIN_DATE_KEY } from '@esim/utils';
import {
  SIGNED_IN_USER_KEY,
  getQueryClient,
  signOut,
  useAuthStore,
  usePermissionStore,
} from '../src/index';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('signOut()', () => {
  it('clears the user, the permissions, the cached data and the stored user; records the last-login date', async () => {
    localStorage.setItem(
      SIGNED_IN_USER_KEY,
      JSON.stringify({ email: 'staff@esim.test', sub: 'u1' }),
    );
    useAuthStore.setState({ status: 'signedIn', user: { email: 'staff@esim.test', sub: 'u1' } });
    usePermissionStore.setState({
      status: 'ready',
      roleId: 'administrators',
      email: 'staff@esim.test',
      permissions: [{ path: '*', methods: ['GET'] }],
    });
    getQueryClient().setQueryData(['orders', 'list'], [{ orderNo: 'A-1' }]);
    const before = Date.now();

    await signOut({ notice: 'inactivity', identity: false });

    expect(useAuthStore.getState()).toMatchObject({
      status: 'signedOut',
      user: null,
      notice: 'inactivity',
      pending: false,
    });
    expect(usePermissionStore.getState()).toMatchObject({
      status: 'idle',
      roleId: null,
      permissions: [],
    });
    expect(getQueryClient().getQueryData(['orders', 'list'])).toBeUndefined();
    expect(getQueryClient().getQueryCache().getAll()).toHaveLength(0);
    expect(localStorage.getItem(SIGNED_IN_USER_KEY)).toBeNull();
    const recorded = Date.parse(localStorage.getItem(LAST_LOGIN_DATE_KEY) ?? '');
    expect(recorded).toBeGreaterThanOrEqual(before - 1);
    expect(recorded).toBeLessThanOrEqual(Date.now());
  });

  it('a plain sign-out leaves no notice for the login screen', async () => {
    useAuthStore.setState({ status: 'signedIn', notice: 'sessionExpired' });
    await signOut({ identity: false });
    expect(useAuthStore.getState().notice).toBeNull();
  });
});
