import { useEffect, useRef } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { LoginForm } from '../../features/auth/components/login-form';
import { SocialSignIn } from '../../features/auth/components/social-sign-in';
import { useAuth, type FromState } from '../../lib/auth';
import { PageHeading } from '../layout/page-heading';

/** Where a sign-in returns to: the protected route that sent the user here, else home. */
export function useReturnTo(): string {
  const state = useLocation().state as FromState | null;
  return state?.from && state.from.startsWith('/') && !state.from.startsWith('//') ? state.from : paths.home;
}

export function LoginPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  // A sign-in ends after its 'Login' entry is logged; a clerk may have gone elsewhere meanwhile (the header shows
  // the account as soon as Firebase does), and is not taken back.
  const shown = useRef(false);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  if (user) return <Navigate to={returnTo} replace />;
  const toReturn = () => {
    if (shown.current) void navigate(returnTo, { replace: true });
  };
  return (
    <div className="mx-auto w-full max-w-md rounded-xl bg-white p-6 shadow-sm sm:p-8">
      <PageHeading>Login</PageHeading>
      <div className="flex flex-col gap-4">
        <LoginForm onSignedIn={toReturn} />
        <SocialSignIn onSignedIn={toReturn} />
      </div>
    </div>
  );
}
