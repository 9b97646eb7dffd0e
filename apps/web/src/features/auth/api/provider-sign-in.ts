import {
  GithubAuthProvider,
  GoogleAuthProvider,
  browserPopupRedirectResolver,
  signInWithCredential,
  signInWithPopup,
  type User,
} from 'firebase/auth';
import { auth } from '../../../lib/firebase';

export type SignInProvider = 'google' | 'github';

export const providerLabel: Record<SignInProvider, string> = { google: 'Google', github: 'GitHub' };

/** With a real Firebase project: the provider's own pop-up. */
export async function popupSignIn(provider: SignInProvider): Promise<User> {
  const { user } = await signInWithPopup(
    auth,
    provider === 'google' ? new GoogleAuthProvider() : new GithubAuthProvider(),
    browserPopupRedirectResolver,
  );
  return user;
}

export interface DemoAccount {
  name: string;
  email: string;
}

/**
 * With the Auth Emulator there is no provider to open a pop-up for. The emulator accepts the provider's
 * token as plain JSON claims instead of a signed token, and creates or signs in that provider account.
 */
export async function emulatorSignIn(provider: SignInProvider, account: DemoAccount): Promise<User> {
  const email = account.email.trim().toLowerCase();
  // The provider's user id: stable per e-mail, so choosing the same account again signs in the same user.
  const claims = JSON.stringify({ sub: `${provider}-${email}`, email, name: account.name.trim(), email_verified: true });
  const credential = provider === 'google' ? GoogleAuthProvider.credential(claims) : GithubAuthProvider.credential(claims);
  const { user } = await signInWithCredential(auth, credential);
  return user;
}
