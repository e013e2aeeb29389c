import { Suspense, lazy, type ReactNode } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import {
  API_MESSAGES_NAMESPACE,
  configureApiClient,
  i18next,
  loadApiMessageTranslator,
} from '@esim/platform';
import { HOME_PATH } from '../routes/paths';
import { FullPageSpinner } from './FullPageSpinner';
import { RedirectIfSignedIn } from './RedirectIfSignedIn';
import { RequireAuth } from './RequireAuth';
import { RouteErrorPage } from './RouteErrorPage';

/**
 * Namespaces the signed-in shell needs besides common/auth (apiMessages: the API's English
 * texts in the user's language, see translateApiMessage). Menu labels and page titles come
 * with the remotes' route manifests.
 */
const SHELL_NAMESPACES = ['ui', 'validation', API_MESSAGES_NAMESPACE];

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
const AreaRoutes = lazy(() =>
  import(/* webpackChunkName: "area-routes" */ '../shell/AreaRoutes').then((module) => ({
    default: module.AreaRoutes,
  })),
);

function Lazy({ children, inline = false }: { children: ReactNode; inline?: boolean }) {
  return <Suspense fallback={<FullPageSpinner inline={inline} />}>{children}</Suspense>;
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
              {
                // Every other signed-in path: the routes of the pinned remotes' manifests
                // (read at start, so a remote's release adds screens), else not found.
                path: '*',
                element: (
                  <Lazy inline>
                    <AreaRoutes />
                  </Lazy>
                ),
                errorElement: <RouteErrorPage inline />,
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
