import { useNavigate } from 'react-router-dom';
import { RegisterForm } from '../../features/auth/components/register-form';
import { SocialSignIn } from '../../features/auth/components/social-sign-in';
import { PageHeading } from '../layout/page-heading';
import { useReturnTo } from './login';

export function RegisterPage() {
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  const toReturn = () => navigate(returnTo, { replace: true });
  return (
    <div className="mx-auto w-full max-w-md rounded-xl bg-white p-6 shadow-sm sm:p-8">
      <PageHeading>Register</PageHeading>
      <div className="flex flex-col gap-4">
        <RegisterForm onRegistered={toReturn} />
        <SocialSignIn onSignedIn={toReturn} />
      </div>
    </div>
  );
}
