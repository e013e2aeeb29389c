import { Suspense, lazy, type ReactNode } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import {
  API_MESSAGES_NAMESPACE,
  configureApiClient,
  i18next,
  loadApiMessageTranslator,
} from '@esim/platform';
import { APP_ROUTES, HOME_PATH, LABEL_NAMESPACES, type AppRoute } from '../routes/route-table';
import { FullPageSpinner } from './FullPageSpinner';
import { RedirectIfSignedIn } from './RedirectIfSignedIn';
import { RequireAuth } from './RequireAuth';
import { RouteErrorPage } from './RouteErrorPage';

/** What each area route carries for the shell (react-router `handle`). */
export interface AreaRouteHandle {
  route: AppRoute;
}

/**
 * Namespaces the signed-in shell needs besides common/auth (menu labels of area screens too;
 * apiMessages: the API's English texts in the user's language, see translateApiMessage).
 */
const SHELL_NAMESPACES = ['ui', 'validation', API_MESSAGES_NAMESPACE, ...LABEL_NAMESPACES];

/*
 * The signed-in parts load with React.lazy, i.e. only when rendered: react-router's
 * route.lazy would fetch them for every matched route, also for a signed-out visitor who is
 * only being sent to the login screen (antd would then load with the sign-in screens).
 */
const ShellLayout = lazy(async () => {
  const [module, , translateMessage] = await Promise.all([
    import(/* webpackChunkName: "shell" */ '../shell/ShellLayout'),
    i18next.loadNamespaces(SHELL_NAMESPACES),
    // The API answers in English; toasts and form errors show its texts in the user's language.
    loadApiMessageTranslator(i18next),
  ]);
  configureApiClient({ translateMessage });
  return { default: module.ShellLayout };
});
const AreaRoute = lazy(() =>
  import(/* webpackChunkName: "area-route" */ '../shell/AreaRoute').then((module) => ({
    default: module.AreaRoute,
  })),
);
const NotFoundPage = lazy(() =>
  import(/* webpackChunkName: "not-found" */ '../shell/NotFoundPage').then((module) => ({
    default: module.NotFoundPage,
  })),
);

function Lazy({ children, inline = false }: { children: ReactNode; inline?: boolean }) {
  return <Suspense fallback={<FullPageSpinner inline={inline} />}>{children}</Suspense>;
}

function areaRoute(route: AppRoute): RouteObject {
  return {
    path: route.path,
    handle: { route } satisfies AreaRouteHandle,
    element: (
      <Lazy inline>
        <AreaRoute />
      </Lazy>
    ),
    errorElement: <RouteErrorPage inline />,
  };
}

/**
 * The route tree. Everything loads on demand: the sign-in screens are small and antd-free;
 * the signed-in layout (antd, @esim/ui) loads only once the auth guard lets the user in.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    // Shown while the first screen's code loads: never a blank page.
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      {
        path: '/admin/auth',
        element: <RedirectIfSignedIn />,
        children: [
          { index: true, element: <Navigate to="login" replace /> },
          {
            path: 'login',
            lazy: () => import(/* webpackChunkName: "login" */ '../auth/LoginPage'),
          },
          { path: 'otp', lazy: () => import(/* webpackChunkName: "otp" */ '../auth/OtpPage') },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: (
              <Lazy>
                <ShellLayout />
              </Lazy>
            ),
            children: [
              { index: true, element: <Navigate to={HOME_PATH} replace /> },
              ...APP_ROUTES.map(areaRoute),
              {
                path: '*',
                element: (
                  <Lazy inline>
                    <NotFoundPage />
                  </Lazy>
                ),
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
