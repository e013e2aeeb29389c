import { i18next } from '@esim/platform';

/** The console could not start (no /config.json, identity misconfigured ...). */
export function StartupError() {
  const t = (key: string, fallback: string) =>
    i18next.isInitialized ? i18next.t(key, { defaultValue: fallback }) : fallback;
  return (
    <main className="esim-center">
      <section className="esim-card" role="alert" data-testid="startup-error">
        <h1>{t('common:startup.failedTitle', 'The console could not start')}</h1>
        <p>
          {t(
            'common:startup.failed',
            'Its configuration could not be loaded. Check your connection and try again.',
          )}
        </p>
        <button type="button" className="esim-button" onClick={() => window.location.reload()}>
          {t('common:actions.reload', 'Reload')}
        </button>
      </section>
    </main>
  );
}
