import { LAST_LOGIN_DATE_KEY } from '@esim/utils';
import { usePermissionStore } from '../permissions/permission-store';
import { getQueryClient } from '../query/query-client';
import { signOutEverywhere } from './auth-session';
import { authStorage, useAuthStore, type SignOutNotice } from './auth-store';

export interface SignOutOptions {
  /** Shown on the login screen (session expired, inactivity ...); none for a plain sign-out. */
  notice?: SignOutNotice | null;
  /**
   * Also end the session at the identity service (GlobalSignOut, 3 s limit). False when it is
   * already gone (another tab signed out, the tokens were rejected and cleared).
   */
  identity?: boolean;
}

let inFlight: Promise<void> | undefined;

function recordLastLoginDate(): void {
  try {
    localStorage.setItem(LAST_LOGIN_DATE_KEY, new Date().toISOString());
  } catch {
    /* storage unavailable */
  }
}

/**
 * Signs the user out (spec section 4): clears the user, the permissions, every cached query and
 * the stored signed-in user, records the last-login date, then ends the identity session. The
 * local state is cleared first and synchronously, so nothing of the session stays visible
 * while the identity service answers.
 */
export function signOut(options: SignOutOptions = {}): Promise<void> {
  const wasSignedIn = useAuthStore.getState().status === 'signedIn';
  if (wasSignedIn) recordLastLoginDate();
  authStorage.forgetUser();
  authStorage.setChallengeEmail(null);
  useAuthStore.setState({
    status: 'signedOut',
    user: null,
    challengeEmail: null,
    pending: false,
    notice: options.notice ?? null,
  });
  usePermissionStore.getState().clear();
  const queryClient = getQueryClient();
  void queryClient.cancelQueries();
  queryClient.clear();

  if (options.identity === false) return inFlight ?? Promise.resolve();
  inFlight ??= signOutEverywhere()
    .catch((error: unknown) => console.warn('Sign-out at the identity service failed:', error))
    .finally(() => {
      inFlight = undefined;
    });
  return inFlight;
}
