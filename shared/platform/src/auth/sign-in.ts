import { INITIAL_OTP_ATTEMPTS } from '@esim/utils';
import { usePermissionStore } from '../permissions/permission-store';
import { AUTH_MESSAGE_KEYS, signInErrorKey, type AuthMessageKey } from './auth-errors';
import { answerOtp, sessionUser, startSignIn, type SessionUser } from './auth-session';
import { authStorage, useAuthStore } from './auth-store';
import { signOut } from './sign-out';

/** The sign-in steps of the e-mail + OTP flow (spec section 4). */

export type SignInResult =
  | { outcome: 'challenge' }
  | { outcome: 'signedIn' }
  | { outcome: 'error'; messageKey: AuthMessageKey }
  /** Another sign-in step is still pending; nothing was sent. */
  | { outcome: 'busy' };

export type OtpResult =
  | { outcome: 'signedIn' }
  /** Wrong one-time password, a new challenge was issued: 'OTP incorrect with {{count}} attempt(s) left'. */
  | { outcome: 'retry'; attemptsLeft: number }
  /** The sign-in is over ('OTP failed' or 'Too many failed attempts'); back to the login screen. */
  | { outcome: 'failed'; messageKey: AuthMessageKey }
  | { outcome: 'busy' };

const CUSTOM_CHALLENGE_STEP = 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE';

async function completeSignIn(user: SessionUser): Promise<void> {
  authStorage.rememberUser(user);
  authStorage.setChallengeEmail(null);
  useAuthStore.setState({
    status: 'signedIn',
    user,
    challengeEmail: null,
    attemptsLeft: INITIAL_OTP_ATTEMPTS,
    notice: null,
  });
  await usePermissionStore.getState().load(user.email);
}

async function completeFromSession(): Promise<void> {
  const user = await sessionUser();
  if (!user) throw new Error('No current user');
  await completeSignIn(user);
}

/** Runs one sign-in step unless another is pending. */
async function exclusive<R>(step: () => Promise<R>): Promise<R | { outcome: 'busy' }> {
  if (useAuthStore.getState().pending) return { outcome: 'busy' };
  useAuthStore.setState({ pending: true });
  try {
    return await step();
  } finally {
    useAuthStore.setState({ pending: false });
  }
}

/** Sends the e-mail; the identity service mails a one-time password (CUSTOM_CHALLENGE). */
export function beginSignIn(rawEmail: string): Promise<SignInResult> {
  const email = rawEmail.trim().toLowerCase();
  return exclusive(async (): Promise<SignInResult> => {
    try {
      const output = await startSignIn(email);
      if (output.isSignedIn) {
        await completeFromSession();
        return { outcome: 'signedIn' };
      }
      if (output.nextStep.signInStep !== CUSTOM_CHALLENGE_STEP) {
        return { outcome: 'error', messageKey: AUTH_MESSAGE_KEYS.default };
      }
      authStorage.setChallengeEmail(email);
      useAuthStore.setState({
        status: 'challenge',
        challengeEmail: email,
        attemptsLeft: INITIAL_OTP_ATTEMPTS,
        notice: null,
      });
      return { outcome: 'challenge' };
    } catch (error) {
      if (error instanceof Error && error.name === 'UserAlreadyAuthenticatedException') {
        try {
          await completeFromSession();
          return { outcome: 'signedIn' };
        } catch {
          return { outcome: 'error', messageKey: AUTH_MESSAGE_KEYS.default };
        }
      }
      return { outcome: 'error', messageKey: signInErrorKey(error) };
    }
  });
}

/** Sends a new one-time password: starts the sign-in again with the same e-mail. */
export async function resendOtp(): Promise<SignInResult> {
  const email = useAuthStore.getState().challengeEmail;
  if (!email) return { outcome: 'error', messageKey: AUTH_MESSAGE_KEYS.noCurrentUser };
  return beginSignIn(email);
}

function endChallenge(messageKey: AuthMessageKey): OtpResult {
  authStorage.setChallengeEmail(null);
  useAuthStore.setState({
    status: 'signedOut',
    challengeEmail: null,
    attemptsLeft: INITIAL_OTP_ATTEMPTS,
    notice: messageKey === AUTH_MESSAGE_KEYS.tooManyAttempts ? 'tooManyAttempts' : 'otpFailed',
  });
  return { outcome: 'failed', messageKey };
}

/**
 * Answers the challenge. Correct: signed in (permissions loaded). Wrong with a new challenge:
 * one attempt fewer. Anything else: the sign-in is over and the login screen says 'OTP failed'.
 */
export function submitOtp(code: string): Promise<OtpResult> {
  return exclusive(async (): Promise<OtpResult> => {
    try {
      const output = await answerOtp(code.trim());
      if (output.isSignedIn || output.nextStep.signInStep === 'DONE') {
        await completeFromSession();
        return { outcome: 'signedIn' };
      }
      if (output.nextStep.signInStep === CUSTOM_CHALLENGE_STEP) {
        const attemptsLeft = useAuthStore.getState().attemptsLeft - 1;
        if (attemptsLeft < 0) return endChallenge(AUTH_MESSAGE_KEYS.tooManyAttempts);
        useAuthStore.setState({ attemptsLeft });
        return { outcome: 'retry', attemptsLeft };
      }
      return endChallenge(AUTH_MESSAGE_KEYS.otpFailed);
    } catch {
      return endChallenge(AUTH_MESSAGE_KEYS.otpFailed);
    }
  });
}

/**
 * Checks the stored session at start: a valid session signs the user in (and loads the
 * permissions); no session means signed out (or back on the OTP screen of a pending challenge);
 * any other session error signs the user out.
 */
export async function checkSession(): Promise<void> {
  const hadUser = authStorage.hasRememberedUser();
  try {
    const user = await sessionUser();
    if (user) {
      await completeSignIn(user);
      return;
    }
    const { challengeEmail } = useAuthStore.getState();
    if (challengeEmail) {
      useAuthStore.setState({ status: 'challenge' });
      return;
    }
    if (hadUser) {
      // The tokens are gone (expired, revoked, cleared elsewhere) while we thought we were in.
      await signOut({ notice: 'sessionExpired', identity: false });
      return;
    }
    useAuthStore.setState({ status: 'signedOut' });
  } catch (error) {
    console.warn('Session check failed; signing out:', error);
    await signOut({ notice: hadUser ? 'sessionExpired' : null });
  }
}
