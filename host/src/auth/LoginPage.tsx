import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isValidEmail } from '@esim/contracts';
import { AUTH_MESSAGE_KEYS, beginSignIn, useAuthStore } from '@esim/platform';
import { OTP_PATH } from '../routes/paths';
import { AuthLayout } from './AuthLayout';
import { thisPageElsewhere } from './console-origin';
import { NoticeDialog } from './NoticeDialog';
import { WrongOriginNotice } from './WrongOriginNotice';

/** Login (public): the e-mail; the identity service then mails a one-time password. */
function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const pending = useAuthStore((state) => state.pending);
  const [email, setEmail] = useState(() => useAuthStore.getState().challengeEmail ?? '');
  const [error, setError] = useState<string | null>(null);
  const [elsewhere] = useState(thisPageElsewhere);
  const inputId = useId();
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (value === '') return setError(t(AUTH_MESSAGE_KEYS.accountNotFound));
    if (!isValidEmail(value)) return setError(t('login.invalidEmail'));
    setError(null);
    const result = await beginSignIn(value);
    if (result.outcome === 'challenge') navigate(OTP_PATH, { state: location.state });
    else if (result.outcome === 'error') setError(t(result.messageKey));
    // 'signedIn': the guard moves on; 'busy': the first attempt is still running.
  };

  return (
    <AuthLayout title={t('login.title')}>
      <h1>{t('login.title')}</h1>
      <p>{t('login.description')}</p>
      {elsewhere ? (
        <WrongOriginNotice url={elsewhere} />
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} aria-busy={pending}>
          <div className="esim-field">
            <label htmlFor={inputId}>{t('login.email')}</label>
            <input
              id={inputId}
              className="esim-input"
              type="email"
              name="email"
              autoComplete="username"
              inputMode="email"
              autoFocus
              placeholder={t('login.emailPlaceholder')}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              data-testid="login-email"
            />
            {error && (
              <div id={errorId} className="esim-field-error" role="alert" data-testid="login-error">
                {error}
              </div>
            )}
          </div>
          <button
            type="submit"
            className="esim-button"
            disabled={pending}
            data-testid="login-submit"
          >
            {pending ? t('login.sending') : t('login.submit')}
          </button>
        </form>
      )}
      <NoticeDialog />
    </AuthLayout>
  );
}

export { LoginPage as Component };
