import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuthStore } from '@esim/platform';
import { LOGIN_PATH } from '../routes/route-table';
import { FullPageSpinner } from './FullPageSpinner';

/** Where the user wanted to go before being sent to the login screen. */
export interface ReturnState {
  from?: string;
}

/** Every route but login/OTP: signed-in users only; the rest go to the login screen. */
export function RequireAuth() {
  const status = useAuthStore((state) => state.status);
  const location = useLocation();
  if (status === 'unknown') return <FullPageSpinner />;
  if (status !== 'signedIn') {
    const state: ReturnState = { from: location.pathname + location.search + location.hash };
    return <Navigate to={LOGIN_PATH} replace state={state} />;
  }
  return <Outlet />;
}
