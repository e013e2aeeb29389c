import { create } from 'zustand';
import { INITIAL_OTP_ATTEMPTS } from '@esim/utils';
import type { SessionUser } from './auth-session';

/**
 * unknown: the session has not been checked yet; signedOut: nobody; challenge: the e-mail was
 * accepted and the one-time password is awaited; signedIn: a valid session.
 */
export type AuthStatus = 'unknown' | 'signedOut' | 'challenge' | 'signedIn';

/** Why the user is back on the login screen; the login screen explains it once. */
export type SignOutNotice = 'sessionExpired' | 'inactivity' | 'otpFailed' | 'tooManyAttempts';

export interface AuthState {
  status: AuthStatus;
  user: SessionUser | null;
  /** The e-mail of the pending challenge (for the OTP screen and resend). */
  challengeEmail: string | null;
  /** Wrong one-time passwords still allowed; starts at 2 (INITIAL_OTP_ATTEMPTS). */
  attemptsLeft: number;
  /** A sign-in step is in flight; only one may be pending at a time. */
  pending: boolean;
  notice: SignOutNotice | null;
  dismissNotice(): void;
}

/** localStorage: the signed-in user ({ email, sub }); removed on sign-out (all tabs notice it). */
export const SIGNED_IN_USER_KEY = 'esim.signedInUser';
/** sessionStorage: the e-mail of a pending OTP challenge, so a reload of the OTP screen keeps it. */
export const CHALLENGE_EMAIL_KEY = 'esim.challengeEmail';

function readSession(key: string): string | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export const useAuthStore = create<AuthState>()((set) => {
  const challengeEmail = readSession(CHALLENGE_EMAIL_KEY);
  return {
    status: 'unknown',
    user: null,
    challengeEmail,
    attemptsLeft: INITIAL_OTP_ATTEMPTS,
    pending: false,
    notice: null,
    dismissNotice: () => set({ notice: null }),
  };
});

/** Storage helpers (browser storage can be unavailable: private mode, tests). */
export const authStorage = {
  rememberUser(user: SessionUser): void {
    try {
      localStorage.setItem(SIGNED_IN_USER_KEY, JSON.stringify(user));
    } catch {
      /* storage unavailable */
    }
  },
  hasRememberedUser(): boolean {
    try {
      return localStorage.getItem(SIGNED_IN_USER_KEY) !== null;
    } catch {
      return false;
    }
  },
  forgetUser(): void {
    try {
      localStorage.removeItem(SIGNED_IN_USER_KEY);
    } catch {
      /* storage unavailable */
    }
  },
  setChallengeEmail(email: string | null): void {
    try {
      if (email === null) sessionStorage.removeItem(CHALLENGE_EMAIL_KEY);
      else sessionStorage.setItem(CHALLENGE_EMAIL_KEY, email);
    } catch {
      /* storage unavailable */
    }
  },
};
