import { Trans, useTranslation } from 'react-i18next';

/** At an origin other than PUBLIC_URL sign-in cannot work: say where the console is instead. */
export function WrongOriginNotice({ url }: { url: string }) {
  const { t } = useTranslation('auth');
  return (
    <div className="esim-alert esim-alert-error" role="alert" data-testid="wrong-origin">
      <Trans
        t={t}
        i18nKey="login.wrongOrigin"
        values={{ url: new URL(url).origin }}
        components={{ a: <a href={url} data-testid="wrong-origin-link" /> }}
      />
    </div>
  );
}
