import type { NewSignInHistory, SignInTask } from '@book-warehouse/types';
import type { User } from 'firebase/auth';
import { notify } from '../../../components/ui/notify';
import { apiRequest } from '../../../lib/api-client';

/** The history label of each way in, as packages/types spells them ('Singup' is the spec's spelling). */
export const signInTask = {
  password: 'Login',
  register: 'Singup',
  google: 'Login with google',
  github: 'Login with Github',
} as const satisfies Record<string, SignInTask>;

/** Records a sign-in event in the history log (the server takes the e-mail from the token). */
export function recordSignIn(user: User, task: SignInTask) {
  const body: NewSignInHistory = { task, bookName: user.displayName ?? '', time: new Date().toLocaleString('en-US') };
  return apiRequest('/histories', { method: 'POST', body, schema: (s) => s.HistoryEntrySchema });
}

/**
 * Records the event after a successful sign-in. The user is signed in whatever the API answers, so a
 * failure must not look like a failed sign-in: it shows the server's message as a toast and never throws.
 */
export async function recordSignInOrWarn(user: User, task: SignInTask): Promise<void> {
  try {
    await recordSignIn(user, task);
  } catch (error) {
    notify.error(`You are signed in, but the history entry was not saved: ${(error as Error).message}`);
  }
}
