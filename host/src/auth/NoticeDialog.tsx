import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore, type SignOutNotice } from '@esim/platform';

const TEXT_KEYS: Record<SignOutNotice, { title: string; message: string }> = {
  sessionExpired: { title: 'notice.sessionExpiredTitle', message: 'notice.sessionExpired' },
  inactivity: { title: 'notice.inactivityTitle', message: 'notice.inactivity' },
  otpFailed: { title: 'notice.otpFailedTitle', message: 'errors.otpFailed' },
  tooManyAttempts: { title: 'notice.otpFailedTitle', message: 'errors.tooManyAttempts' },
};

/**
 * Tells the user once why they are on the login screen (session expired, inactivity logout,
 * 'OTP failed'): a modal alert dialog with an OK button.
 */
export function NoticeDialog() {
  const { t } = useTranslation('auth');
  const notice = useAuthStore((state) => state.notice);
  const dismiss = useAuthStore((state) => state.dismissNotice);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element || !notice) return;
    if (!element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    return () => {
      if (element.open) element.close();
    };
  }, [notice]);

  if (!notice) return null;
  const keys = TEXT_KEYS[notice];
  return (
    <dialog
      ref={dialog}
      className="esim-dialog"
      role="alertdialog"
      aria-labelledby="esim-notice-title"
      aria-describedby="esim-notice-message"
      data-testid="signin-notice"
      onClose={dismiss}
    >
      <h2 id="esim-notice-title">{t(keys.title)}</h2>
      <p id="esim-notice-message">{t(keys.message)}</p>
      <form method="dialog">
        <button type="submit" className="esim-button" autoFocus data-testid="signin-notice-ok">
          {t('common:actions.ok')}
        </button>
      </form>
    </dialog>
  );
}
