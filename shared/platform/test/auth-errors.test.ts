import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGE_KEYS, signInErrorKey } from '../src/index';

const localesDir = join(__dirname, '..', '..', '..', 'locales', 'en');
const en = {
  auth: JSON.parse(readFileSync(join(localesDir, 'auth.json'), 'utf8')) as Record<
    string,
    Record<string, string>
  >,
  common: JSON.parse(readFileSync(join(localesDir, 'common.json'), 'utf8')) as Record<
    string,
    Record<string, string>
  >,
};

/** The English text of an 'ns:group.key' key. */
function english(key: string): string | undefined {
  const [ns, path] = key.split(':') as ['auth' | 'common', string];
  const [group, name] = path.split('.') as [string, string];
  return en[ns][group]?.[name];
}

function amplifyError(name: string, message = ''): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

describe('sign-in error messages (spec section 8)', () => {
  it('user not found and an empty e-mail: Account does not exist, try a different email', () => {
    for (const error of [
      amplifyError('UserNotFoundException', 'User does not exist.'),
      amplifyError('EmptySignInUsername', 'username is required to signIn'),
    ]) {
      const key = signInErrorKey(error);
      expect(key).toBe(AUTH_MESSAGE_KEYS.accountNotFound);
      expect(english(key)).toBe('Account does not exist, try a different email');
    }
  });

  it('a disabled user: Account disabled, contact the administrator', () => {
    const key = signInErrorKey(amplifyError('NotAuthorizedException', 'User is disabled.'));
    expect(english(key)).toBe('Account disabled, contact the administrator');
  });

  it('anything else: the default message', () => {
    for (const error of [
      amplifyError('NotAuthorizedException', 'Incorrect username or password.'),
      amplifyError('NetworkError', 'Network error'),
      new Error('boom'),
      'not even an error',
      undefined,
    ]) {
      const key = signInErrorKey(error);
      expect(key).toBe(AUTH_MESSAGE_KEYS.default);
      expect(english(key)).toBe('Something went wrong. Please try again.');
    }
  });

  it('the OTP texts are the spec wording', () => {
    // Plural forms: i18next picks _one / _other by { count }.
    expect(english(`${AUTH_MESSAGE_KEYS.otpIncorrect}_one`)).toBe(
      'OTP incorrect with {{count}} attempt left',
    );
    expect(english(`${AUTH_MESSAGE_KEYS.otpIncorrect}_other`)).toBe(
      'OTP incorrect with {{count}} attempts left',
    );
    // Spelled as the console writes OTP everywhere else (the spec quotes it lower-case).
    expect(english(AUTH_MESSAGE_KEYS.otpFailed)).toBe('OTP failed');
    expect(english(AUTH_MESSAGE_KEYS.tooManyAttempts)).toBe('Too many failed attempts');
    expect(english(AUTH_MESSAGE_KEYS.invalidOtp)).toBe('Invalid OTP.');
    expect(english(AUTH_MESSAGE_KEYS.noCurrentUser)).toBe('No current user');
    expect(english(AUTH_MESSAGE_KEYS.signOutTimeout)).toBe('Signout timeout fail');
  });
});
