import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuthStore } from '@esim/platform';
import { FullPageSpinner } from './FullPageSpinner';
import { forgetReturnTo, returnPath } from './return-to';

/** On to the page after sign-in; the remembered deep link is used up. */
function GoOn({ to }: { to: string }) {
  useEffect(() => forgetReturnTo(), []);
  return <Navigate to={to} replace />;
}

/** The sign-in screens: a signed-in user goes on to the dashboard (or the deep link, returnPath). */
export function RedirectIfSignedIn() {
  const status = useAuthStore((state) => state.status);
  const location = useLocation();
  if (status === 'unknown') return <FullPageSpinner />;
  if (status === 'signedIn') return <GoOn to={returnPath(location.state)} />;
  return <Outlet />;
}
