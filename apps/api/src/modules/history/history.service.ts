import type { HistoryEntry, SignInTask } from '@book-warehouse/types';
import type { AuthUser } from '../../lib/auth-user';
import type { Session, Transactions } from '../../lib/database-transaction';
import { displayTime, type Clock } from '../../lib/display-time';
import type { HistoryDoc, HistoryRepository } from './history.repository';

/** An entry of a batch of book changes (the CSV import): the book, its task and changes, the import's id. */
export type BatchEntry = Pick<HistoryDoc, 'bookName' | 'task' | 'bookId' | 'importId' | 'changes'>;

export function createHistoryService(deps: { history: HistoryRepository; clock: Clock; transactions: Transactions }) {
  /** Records an entry in the transaction of the change it describes (books.service.ts). */
  const record = (user: AuthUser, bookName: string, task: string, session: Session): Promise<HistoryEntry> => {
    const now = deps.clock();
    return deps.history.insert({ email: user.email, bookName, task, time: displayTime(now), createdAt: now }, session);
  };
  return {
    record,
    /**
     * A sign-in event: the name is the user's display name unless the client sent one. In a transaction of its
     * own, so that an Idempotency-Key's stored answer commits with it.
     */
    recordSignIn: (user: AuthUser, task: SignInTask, bookName: string) =>
      deps.transactions.run((session) => record(user, bookName || user.name, task, session)),
    /** An event that changes no book (a role change): an entry in a transaction of its own. */
    recordAlone: (user: AuthUser, name: string, task: string) => deps.transactions.run((session) => record(user, name, task, session)),
    list: (page: { limit?: number; skip?: number }) => deps.history.cursor(page),
    /** The entries of a batch of changes, in the transaction that writes them, all at the same time. */
    recordMany(user: AuthUser, entries: BatchEntry[], session: Session): Promise<void> {
      const now = deps.clock();
      return deps.history.insertEach(
        entries.map((entry) => ({ ...entry, email: user.email, time: displayTime(now), createdAt: now })),
        session,
      );
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
