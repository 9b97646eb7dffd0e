import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { authErrorText } from '../auth-error-text';
import { Link, useLocation } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Field, RequiredLegend } from '../../../components/ui/field';
import { notify } from '../../../components/ui/notify';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { recordSignInOrWarn, signInTask } from '../api/record-sign-in';
import { register as registerAccount } from '../api/register';
import { RegisterFormSchema, type RegisterForm } from '../schemas';

export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const { register, handleSubmit, formState } = useForm<RegisterForm>({ resolver: zodResolver(RegisterFormSchema) });
  const [providerError, setProviderError] = useState('');
  const state: unknown = useLocation().state;

  const onSubmit = handleSubmit(async ({ name, email, password }) => {
    setProviderError('');
    try {
      const user = await registerAccount(name, email, password);
      notify.success(messages.verificationSent(email));
      await recordSignInOrWarn(user, signInTask.register);
      onRegistered();
    } catch (error) {
      setProviderError(authErrorText(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <RequiredLegend />
      <Field label="Name" autoComplete="name" required {...register('name')} error={formState.errors.name} />
      <Field label="Email" type="email" autoComplete="email" required {...register('email')} error={formState.errors.email} />
      <Field
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        {...register('password')}
        error={formState.errors.password}
      />
      <Field
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        required
        {...register('confirmPassword')}
        error={formState.errors.confirmPassword}
      />
      {providerError && (
        <p role="alert" className="text-sm text-red-600">
          {providerError}
        </p>
      )}
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Creating account…' : 'Register'}
      </Button>
      <p className="text-sm">
        Already have an account?{' '}
        <Link to={paths.login} state={state} className="font-medium text-amber-700 hover:underline">
          Login
        </Link>
      </p>
    </form>
  );
}
