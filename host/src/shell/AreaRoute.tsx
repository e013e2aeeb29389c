import { Suspense, useEffect, useMemo } from 'react';
import { Button, Result } from 'antd';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { can } from '@esim/contracts';
import { usePermissionStore } from '@esim/platform';
import { NoPermissionDialog } from '@esim/ui';
import { canUseRoute, homePathFor, labelText, type AreaRouteEntry } from '../routes/menu';
import { HOME_PATH } from '../routes/paths';
import { AreaErrorBoundary } from './AreaErrorBoundary';
import { AreaScreen } from './AreaScreen';
import { RouteLoading } from './RouteLoading';

export interface AreaRouteProps {
  /** The matched route of a remote's manifest. */
  route: AreaRouteEntry;
  /** Every signed-in route (where a user without access is sent). */
  routes: readonly AreaRouteEntry[];
}

/** One area route: access check, then the area's screen in its own Suspense + error boundary. */
export function AreaRoute({ route, routes }: AreaRouteProps) {
  const { t, i18n } = useTranslation('common');
  const { pathname } = useLocation();
  const status = usePermissionStore((state) => state.status);
  const permissions = usePermissionStore((state) => state.permissions);
  const email = usePermissionStore((state) => state.email);
  const check = useMemo(
    () => (path: string, method: Parameters<typeof can>[2]) => can(permissions, path, method),
    [permissions],
  );
  const label = labelText(route.labels, i18n.resolvedLanguage ?? i18n.language);

  useEffect(() => {
    document.title = `${label} | ${t('appName')}`;
  }, [label, t]);

  if (status === 'idle' || status === 'loading') return <RouteLoading />;
  if (status === 'error') {
    return (
      <Result
        status="warning"
        title={t('permissions.loadFailed')}
        extra={
          <Button
            type="primary"
            onClick={() => email && void usePermissionStore.getState().load(email)}
          >
            {t('actions.retry')}
          </Button>
        }
      />
    );
  }
  if (!canUseRoute(route, check)) {
    const home = homePathFor(routes, check, HOME_PATH);
    return <NoPermissionDialog open redirectTo={home === pathname ? HOME_PATH : home} />;
  }
  return (
    <AreaErrorBoundary key={pathname} area={route.area}>
      <Suspense fallback={<RouteLoading />}>
        <AreaScreen route={route} />
      </Suspense>
    </AreaErrorBoundary>
  );
}
