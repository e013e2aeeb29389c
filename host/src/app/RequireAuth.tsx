import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuthStore } from '@esim/platform';
import { LOGIN_PATH } from '../routes/paths';
import { FullPageSpinner } from './FullPageSpinner';
import { forgetReturnTo, rememberReturnTo, type ReturnState } from './return-to';

/** To the login screen, remembering the deep link (from) or forgetting any earlier one (null). */
function SendToLogin({ from }: { from: string | null }) {
  useEffect(() => {
    if (from) rememberReturnTo(from);
    else forgetReturnTo();
  }, [from]);
  const state: ReturnState | null = from ? { from } : null;
  return <Navigate to={LOGIN_PATH} replace state={state} />;
}

/**
 * Every route but login/OTP: signed-in users only; the rest go to the login screen. A visitor
 * who arrives signed out comes back to the page they asked for after signing in; a session that
 * ends here (sign-out, expiry, inactivity) does not: the next sign-in goes home.
 */
export function RequireAuth() {
  const status = useAuthStore((state) => state.status);
  const location = useLocation();
  const [sessionSeen, setSessionSeen] = useState(false);
  if (status === 'signedIn' && !sessionSeen) setSessionSeen(true);
  if (status === 'unknown') return <FullPageSpinner />;
  if (status !== 'signedIn') {
    const from = sessionSeen ? null : location.pathname + location.search + location.hash;
    return <SendToLogin from={from} />;
  }
  return <Outlet />;
}
