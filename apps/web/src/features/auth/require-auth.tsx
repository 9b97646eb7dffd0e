import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { useAuth, type FromState } from '../../lib/auth';
import { loadAuth } from '../../lib/lazy-auth';

/** Protected routes send signed-out users to /login and remember where they were headed. */
export function RequireAuth() {
  const { user, ready } = useAuth();
  const location = useLocation();
  // Firebase may not have been needed yet (lib/lazy-auth.ts): the answer to "who is signed in" needs it now.
  useEffect(() => {
    if (!ready) void loadAuth();
  }, [ready]);
  if (!ready) return <Spinner label="Checking your sign-in" />;
  if (!user) {
    const state: FromState = { from: location.pathname + location.search + location.hash };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return <Outlet />;
}
