import type { HistoryEntry, SignInTask } from '@book-warehouse/types';
import type { AuthUser } from '../../lib/auth-user';
import type { Session, Transactions } from '../../lib/database-transaction';
import { displayTime, type Clock } from '../../lib/display-time';
import type { Page } from '../../lib/cache';
import type { BookDetails, HistoryRepository } from './history.repository';

export type { BookDetails };

export function createHistoryService(deps: { history: HistoryRepository; clock: Clock; transactions: Transactions }) {
  /**
   * Records an entry in the transaction of the change it describes (books.service.ts), with what it says of
   * the book; `id` fixes the new entry's id (an undo marks the entry it undoes with it).
   */
  const record = (
    user: AuthUser,
    bookName: string,
    task: string,
    session: Session,
    details: BookDetails & { id?: string } = {},
  ): Promise<HistoryEntry> => {
    const now = deps.clock();
    return deps.history.insert({ email: user.email, bookName, task, time: displayTime(now), createdAt: now, ...details }, session);
  };
  /** Records many entries of one user's changes at once, in the transaction of those changes (a CSV import's batch). */
  const recordMany = (
    user: AuthUser,
    entries: { bookName: string; task: string; details: BookDetails }[],
    session: Session,
  ): Promise<HistoryEntry[]> => {
    const now = deps.clock();
    const time = displayTime(now);
    return deps.history.insertMany(
      entries.map(({ bookName, task, details }) => ({ email: user.email, bookName, task, time, createdAt: now, ...details })),
      session,
    );
  };
  return {
    record,
    recordMany,
    /**
     * A sign-in event: the name is the user's display name unless the client sent one. In a transaction of its
     * own, so that an Idempotency-Key's stored answer commits with it.
     */
    recordSignIn: (user: AuthUser, task: SignInTask, bookName: string) =>
      deps.transactions.run((session) => record(user, bookName || user.name, task, session)),
    /** An event that changes no book (a role change): an entry in a transaction of its own. */
    recordAlone: (user: AuthUser, name: string, task: string) => deps.transactions.run((session) => record(user, name, task, session)),
    list: (page: Page) => deps.history.list(page),
    find: (id: string, session?: Session) => deps.history.findById(id, session),
    newId: () => deps.history.newId(),
    markUndone: (id: string, undoneBy: string, session: Session) => deps.history.markUndone(id, undoneBy, session),
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
