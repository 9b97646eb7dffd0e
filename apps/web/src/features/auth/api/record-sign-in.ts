import { HistoryEntrySchema, type NewSignInHistory, type SignInTask } from '@book-warehouse/types';
import type { User } from 'firebase/auth';
import { apiRequest } from '../../../lib/api-client';

/** Records a sign-in event in the history log (the server takes the e-mail from the token). */
export function recordSignIn(user: User, task: SignInTask) {
  const body: NewSignInHistory = { task, bookName: user.displayName ?? '', time: new Date().toLocaleString('en-US') };
  return apiRequest('/histories', { method: 'POST', body, schema: HistoryEntrySchema });
}
