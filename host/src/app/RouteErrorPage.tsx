import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { HOME_PATH } from '../routes/paths';

/**
 * Route errors (spec: "Route errors show an error page"); lean, so it works before antd loads.
 * `inline`: inside the layout (an area route failed), the menu and header stay.
 */
export function RouteErrorPage({ inline = false }: { inline?: boolean }) {
  const error = useRouteError();
  const { t } = useTranslation('common');
  console.error('Route error:', error);
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  return (
    <main className={inline ? 'esim-inline-center' : 'esim-center'}>
      <section className="esim-card" role="alert" data-testid="route-error">
        <h1>{t('errorPage.title')}</h1>
        <p>{status === 404 ? t('notFound.description') : t('errorPage.description')}</p>
        <button type="button" className="esim-button" onClick={() => window.location.reload()}>
          {t('actions.reload')}
        </button>
        <div className="esim-actions">
          <a className="esim-link-button" href={HOME_PATH}>
            {t('actions.backHome')}
          </a>
        </div>
      </section>
    </main>
  );
}
