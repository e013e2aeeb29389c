/**
 * Sign-in error catalogue (spec section 8). Functions return i18next keys ('ns:key'); the
 * English texts live in locales/en/auth.json and locales/en/common.json.
 */
export const AUTH_MESSAGE_KEYS = {
  /** 'Account does not exist, try a different email' */
  accountNotFound: 'auth:errors.accountNotFound',
  /** 'Account disabled, contact the administrator' */
  accountDisabled: 'auth:errors.accountDisabled',
  /** 'OTP incorrect with {{count}} attempt(s) left': plural forms, pass { count } */
  otpIncorrect: 'auth:errors.otpIncorrect',
  /** 'OTP failed' */
  otpFailed: 'auth:errors.otpFailed',
  /** 'Too many failed attempts' */
  tooManyAttempts: 'auth:errors.tooManyAttempts',
  /** 'Invalid OTP.' */
  invalidOtp: 'auth:errors.invalidOtp',
  /** 'No current user' */
  noCurrentUser: 'auth:errors.noCurrentUser',
  /** 'Signout timeout fail' */
  signOutTimeout: 'auth:errors.signOutTimeout',
  /** 'Something went wrong. Please try again.' */
  default: 'common:errors.default',
} as const;
export type AuthMessageKey = (typeof AUTH_MESSAGE_KEYS)[keyof typeof AUTH_MESSAGE_KEYS];

/** The text Amplify/Cognito use for a disabled user. */
export const USER_DISABLED_MESSAGE = 'User is disabled.';

/** Amplify's validation error for an empty username ('username cannot be empty'). */
const EMPTY_USERNAME_ERRORS = new Set(['EmptySignInUsername', 'EmptyUsername']);

interface NamedError {
  name?: unknown;
  message?: unknown;
}

function describe(error: unknown): { name: string; message: string } {
  const named = (typeof error === 'object' && error !== null ? error : {}) as NamedError;
  return {
    name: typeof named.name === 'string' ? named.name : '',
    message: typeof named.message === 'string' ? named.message : '',
  };
}

/** Maps a failure of startSignIn() to the message the login screen shows. */
export function signInErrorKey(error: unknown): AuthMessageKey {
  const { name, message } = describe(error);
  if (name === 'UserNotFoundException' || EMPTY_USERNAME_ERRORS.has(name))
    return AUTH_MESSAGE_KEYS.accountNotFound;
  if (name === 'NotAuthorizedException' && message === USER_DISABLED_MESSAGE)
    return AUTH_MESSAGE_KEYS.accountDisabled;
  return AUTH_MESSAGE_KEYS.default;
}

/** True for the error names Amplify uses when nobody is signed in (not a failure). */
export function isSignedOutError(error: unknown): boolean {
  const { name } = describe(error);
  return name === 'UserUnAuthenticatedException' || name === 'NoCurrentUser';
}
