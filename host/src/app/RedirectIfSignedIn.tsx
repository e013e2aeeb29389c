import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuthStore } from '@esim/platform';
import { HOME_PATH, LOGIN_PATH, OTP_PATH } from '../routes/route-table';
import { FullPageSpinner } from './FullPageSpinner';
import type { ReturnState } from './RequireAuth';

/** A safe in-app return path (never the sign-in screens, never another origin). */
export function returnPath(state: unknown): string {
  const from = (state as ReturnState | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return HOME_PATH;
  if (from.startsWith(LOGIN_PATH) || from.startsWith(OTP_PATH)) return HOME_PATH;
  return from;
}

/** The sign-in screens: a signed-in user goes on to the requested page or the dashboard. */
export function RedirectIfSignedIn() {
  const status = useAuthStore((state) => state.status);
  const location = useLocation();
  if (status === 'unknown') return <FullPageSpinner />;
  if (status === 'signedIn') return <Navigate to={returnPath(location.state)} replace />;
  return <Outlet />;
}
