import { HOME_PATH, LOGIN_PATH, OTP_PATH } from '../routes/paths';

/** Router state of the login screen: the page the user was sent to sign in from. */
export interface ReturnState {
  from?: string;
}

/**
 * sessionStorage: the deep link RequireAuth last sent a signed-out visitor to sign in from. The
 * router state alone is not enough: browsers keep history state across reloads and restored
 * sessions, so an old login entry would bring back a page from an earlier visit.
 */
export const RETURN_TO_KEY = 'esim.returnTo';

function isInAppPath(from: unknown): from is string {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return false;
  return !from.startsWith(LOGIN_PATH) && !from.startsWith(OTP_PATH);
}

function storedReturnTo(): string | null {
  try {
    return sessionStorage.getItem(RETURN_TO_KEY);
  } catch {
    return null;
  }
}

/** RequireAuth sent the user to sign in from `from` (this page session). */
export function rememberReturnTo(from: string): void {
  try {
    sessionStorage.setItem(RETURN_TO_KEY, from);
  } catch {
    /* storage unavailable: the user lands on the dashboard */
  }
}

/** The deep link is used, or belonged to a session that has ended. */
export function forgetReturnTo(): void {
  try {
    sessionStorage.removeItem(RETURN_TO_KEY);
  } catch {
    /* storage unavailable */
  }
}

/**
 * Where a correct OTP takes the user (spec: home): the dashboard, unless RequireAuth sent them to
 * sign in from a deep link in this page session and the login screen still carries it. Never the
 * sign-in screens, never another origin.
 */
export function returnPath(state: unknown): string {
  const from = (state as ReturnState | null)?.from;
  if (!isInAppPath(from) || storedReturnTo() !== from) return HOME_PATH;
  return from;
}
