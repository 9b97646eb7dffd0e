import type { HistoryEntry, SignInTask } from '@book-warehouse/types';
import type { AuthUser } from '../../lib/auth-user';
import { displayTime, type Clock } from '../../lib/display-time';
import type { HistoryRepository } from './history.repository';

export function createHistoryService(deps: { history: HistoryRepository; clock: Clock }) {
  const record = (user: AuthUser, bookName: string, task: string): Promise<HistoryEntry> => {
    const now = deps.clock();
    return deps.history.insert({ email: user.email, bookName, task, time: displayTime(now), createdAt: now });
  };
  return {
    record,
    /** A sign-in event: the name is the user's display name unless the client sent one. */
    recordSignIn: (user: AuthUser, task: SignInTask, bookName: string) => record(user, bookName || user.name, task),
    list: (page: { limit?: number; skip?: number }) => deps.history.cursor(page),
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
