import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { useAuth, type FromState } from '../../lib/auth';

/** Protected routes send signed-out users to /login and remember where they were headed. */
export function RequireAuth() {
  const { user, ready } = useAuth();
  const location = useLocation();
  if (!ready) return <Spinner label="Checking your sign-in" />;
  if (!user) {
    const state: FromState = { from: location.pathname + location.search + location.hash };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return <Outlet />;
}
