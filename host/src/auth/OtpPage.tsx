import { useId, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AUTH_MESSAGE_KEYS, resendOtp, submitOtp, useAuthStore } from '@esim/platform';
import { LOGIN_PATH } from '../routes/paths';
import { AuthLayout } from './AuthLayout';

/** One-time passwords are six digits. */
const OTP_PATTERN = /^\d{6}$/;

type Message = { kind: 'warning' | 'info' | 'error'; text: string };

/** One-time password entry (public), reached once the e-mail was accepted. */
function OtpPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const status = useAuthStore((state) => state.status);
  const email = useAuthStore((state) => state.challengeEmail);
  const pending = useAuthStore((state) => state.pending);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const inputId = useId();
  const errorId = useId();

  if (status !== 'challenge' || !email)
    return <Navigate to={LOGIN_PATH} replace state={location.state} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!OTP_PATTERN.test(code.trim())) return setFieldError(t(AUTH_MESSAGE_KEYS.invalidOtp));
    setFieldError(null);
    const result = await submitOtp(code);
    if (result.outcome === 'retry') {
      setCode('');
      setMessage({
        kind: 'warning',
        text: t(AUTH_MESSAGE_KEYS.otpIncorrect, { count: result.attemptsLeft }),
      });
    } else if (result.outcome === 'failed') {
      // The login screen shows the alert ('OTP failed').
      navigate(LOGIN_PATH, { replace: true, state: location.state });
    }
  };

  const resend = async () => {
    setFieldError(null);
    const result = await resendOtp();
    if (result.outcome === 'challenge') {
      setCode('');
      setMessage({ kind: 'info', text: t('otp.resent', { email }) });
    } else if (result.outcome === 'error') {
      setMessage({ kind: 'error', text: t(result.messageKey) });
    }
  };

  return (
    <AuthLayout title={t('otp.title')}>
      <h1>{t('otp.title')}</h1>
      <p>{t('otp.description', { email })}</p>
      {message && (
        <div
          className={`esim-alert${message.kind === 'info' ? ' esim-alert-info' : message.kind === 'error' ? ' esim-alert-error' : ''}`}
          role="alert"
          data-testid="otp-message"
        >
          {message.text}
        </div>
      )}
      <form noValidate onSubmit={(event) => void submit(event)} aria-busy={pending}>
        <div className="esim-field">
          <label htmlFor={inputId}>{t('otp.code')}</label>
          <input
            id={inputId}
            className="esim-input esim-input-otp"
            name="otp"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            autoFocus
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? errorId : undefined}
            data-testid="otp-input"
          />
          {fieldError && (
            <div id={errorId} className="esim-field-error" role="alert">
              {fieldError}
            </div>
          )}
        </div>
        <button type="submit" className="esim-button" disabled={pending} data-testid="otp-submit">
          {t('otp.submit')}
        </button>
      </form>
      <div className="esim-actions">
        <button
          type="button"
          className="esim-link-button"
          onClick={() => navigate(LOGIN_PATH, { state: location.state })}
          data-testid="otp-back"
        >
          {t('otp.back')}
        </button>
        <button
          type="button"
          className="esim-link-button"
          disabled={pending}
          onClick={() => void resend()}
          data-testid="otp-resend"
        >
          {t('otp.resend')}
        </button>
      </div>
    </AuthLayout>
  );
}

export { OtpPage as Component };
