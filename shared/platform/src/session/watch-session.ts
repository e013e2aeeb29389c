import { Hub } from 'aws-amplify/utils';
import { SIGNED_IN_USER_KEY, useAuthStore } from '../auth/auth-store';
import { signOut } from '../auth/sign-out';
import { onUnauthorized } from './session-events';

/**
 * Ends the session when it can no longer be used, telling the user why:
 * - Amplify could not refresh the tokens (Hub 'tokenRefresh_failure'): 'session expired, log in again';
 * - the API rejected the token (401): same;
 * - another tab signed out (the stored signed-in user disappeared): signed out here too.
 * Returns a function that stops watching.
 */
export function watchSession(): () => void {
  const expire = () => {
    if (useAuthStore.getState().status !== 'signedIn') return;
    void signOut({ notice: 'sessionExpired' });
  };
  const stopHub = Hub.listen('auth', ({ payload }) => {
    if (payload.event === 'tokenRefresh_failure') expire();
  });
  const stopUnauthorized = onUnauthorized(expire);
  const onStorage = (event: StorageEvent) => {
    const userRemoved =
      event.key === null || (event.key === SIGNED_IN_USER_KEY && event.newValue === null);
    if (userRemoved && useAuthStore.getState().status === 'signedIn') {
      void signOut({ identity: false });
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    stopHub();
    stopUnauthorized();
    window.removeEventListener('storage', onStorage);
  };
}
