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
import { emailSignIn } from '../api/email-sign-in';
import { recordSignInOrWarn, signInTask } from '../api/record-sign-in';
import { resetPassword } from '../api/reset-password';
import { LoginFormSchema, type LoginForm } from '../schemas';

/** Signs in with e-mail and password; the provider's errors show as red text under the form. */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { register, handleSubmit, getValues, formState } = useForm<LoginForm>({ resolver: zodResolver(LoginFormSchema) });
  const [providerError, setProviderError] = useState('');
  // Handed on to Register, so signing up also returns to where the user was headed.
  const state: unknown = useLocation().state;

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setProviderError('');
    try {
      const user = await emailSignIn(email, password);
      await recordSignInOrWarn(user, signInTask.password);
      onSignedIn();
    } catch (error) {
      setProviderError(authErrorText(error));
    }
  });

  const onReset = async () => {
    const email = getValues('email')?.trim();
    if (!email) {
      notify.error(messages.emailRequired);
      return;
    }
    setProviderError('');
    try {
      await resetPassword(email);
      notify.success(messages.resetEmailSent);
    } catch (error) {
      setProviderError(authErrorText(error));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <RequiredLegend />
      <Field label="Email" type="email" autoComplete="email" required {...register('email')} error={formState.errors.email} />
      <Field
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        {...register('password')}
        error={formState.errors.password}
      />
      {providerError && (
        <p role="alert" className="text-sm text-red-600">
          {providerError}
        </p>
      )}
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Signing in…' : 'Login'}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <button type="button" onClick={onReset} className="font-medium text-amber-700 hover:underline">
          Forgot password?
        </button>
        <span>
          New here?{' '}
          <Link to={paths.register} state={state} className="font-medium text-amber-700 hover:underline">
            Create an account
          </Link>
        </span>
      </div>
    </form>
  );
}
