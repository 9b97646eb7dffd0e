import { useNavigate } from 'react-router-dom';
import { RegisterForm } from '../../features/auth/components/register-form';
import { useReturnTo } from './login';

export function RegisterPage() {
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  return (
    <div className="mx-auto w-full max-w-md rounded-xl bg-white p-6 shadow-sm sm:p-8">
      <h1 className="mb-6 text-2xl font-bold">Register</h1>
      <RegisterForm onRegistered={() => navigate(returnTo, { replace: true })} />
    </div>
  );
}
