import { FirebaseError } from 'firebase/app';
import type { User } from 'firebase/auth';
import { useState, type ReactNode } from 'react';
import { authErrorText } from '../auth-error-text';
import { Button } from '../../../components/ui/button';
import { usingAuthEmulator } from '../../../lib/firebase';
import { emulatorSignIn, popupSignIn, providerLabel, type SignInProvider } from '../api/provider-sign-in';
import { recordSignInOrWarn, signInTask } from '../api/record-sign-in';
import { AccountChooser } from './account-chooser';

/** Closing the provider's pop-up is a change of mind, not an error to show. */
const dismissed = new Set(['auth/popup-closed-by-user', 'auth/cancelled-popup-request', 'auth/user-cancelled']);

function GoogleIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="size-5">
      <path
        fill="#FFC107"
        d="M43.6 20.1H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 8 3l5.7-5.7C34 6.1 29.3 4 24 4 13 4 4 13 4 24s9 20 20 20 20-9 20-20c0-1.3-.1-2.6-.4-3.9z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 8 3l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path fill="#1976D2" d="M43.6 20.1H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.6-.4-3.9z" />
    </svg>
  );
}

function GithubIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="size-5" fill="currentColor">
      <path d="M8 0C3.58 0 0 3.58 0 8c0 3.54 2.29 6.53 5.47 7.59.4.07.55-.17.55-.38 0-.19-.01-.82-.01-1.49-2.01.37-2.53-.49-2.69-.94-.09-.23-.48-.94-.82-1.13-.28-.15-.68-.52-.01-.53.63-.01 1.08.58 1.23.82.72 1.21 1.87.87 2.33.66.07-.52.28-.87.51-1.07-1.78-.2-3.64-.89-3.64-3.95 0-.87.31-1.59.82-2.15-.08-.2-.36-1.02.08-2.12 0 0 .67-.21 2.2.82.64-.18 1.32-.27 2-.27.68 0 1.36.09 2 .27 1.53-1.04 2.2-.82 2.2-.82.44 1.1.16 1.92.08 2.12.51.56.82 1.27.82 2.15 0 3.07-1.87 3.75-3.65 3.95.29.25.54.73.54 1.48 0 1.07-.01 1.93-.01 2.2 0 .21.15.46.55.38A8.01 8.01 0 0 0 16 8c0-4.42-3.58-8-8-8z" />
    </svg>
  );
}

const icons: Record<SignInProvider, ReactNode> = { google: <GoogleIcon />, github: <GithubIcon /> };

/**
 * Google and GitHub sign-in. With a real Firebase project the provider's pop-up opens; against the Auth
 * Emulator an in-app account chooser stands in for it. The provider's errors show as red text below.
 */
export function SocialSignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [chooser, setChooser] = useState<SignInProvider | null>(null);
  // Not a disabled state: the buttons keep focus when the chooser closes and hands it back.
  const [busy, setBusy] = useState<SignInProvider | null>(null);
  const [error, setError] = useState('');

  const run = async (provider: SignInProvider, attempt: () => Promise<User>) => {
    setError('');
    setBusy(provider);
    try {
      const user = await attempt();
      await recordSignInOrWarn(user, signInTask[provider]);
      onSignedIn();
    } catch (failure) {
      if (!(failure instanceof FirebaseError && dismissed.has(failure.code))) setError(authErrorText(failure));
    } finally {
      setBusy(null);
    }
  };

  const start = (provider: SignInProvider) => {
    if (busy) return;
    if (usingAuthEmulator) setChooser(provider);
    else void run(provider, () => popupSignIn(provider));
  };

  return (
    <div className="flex flex-col gap-3">
      <p className="flex items-center gap-3 text-sm text-slate-500">
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
        or
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
      </p>
      {(['google', 'github'] as const).map((provider) => (
        <Button key={provider} variant="secondary" onClick={() => start(provider)}>
          {icons[provider]}
          Continue with {providerLabel[provider]}
        </Button>
      ))}
      <p role="status" className="text-sm text-slate-600 empty:hidden">
        {busy && `Signing in with ${providerLabel[busy]}…`}
      </p>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <AccountChooser
        provider={chooser}
        onPick={(provider, account) => void run(provider, () => emulatorSignIn(provider, account))}
        onClose={() => setChooser(null)}
      />
    </div>
  );
}
