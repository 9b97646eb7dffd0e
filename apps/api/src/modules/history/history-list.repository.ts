import { ObjectId, type Collection, type Db, type Filter, type IndexDescription } from 'mongodb';
import { BUT_SIGN_INS, DEFAULT_LIST_LIMIT, type HistoryEntry, type HistoryListQuery } from '@book-warehouse/types';
import { STORED_ACTIONS, type StoredAction } from './history-actions';
import { toEntry, type HistoryDoc } from './history.repository';

/**
 * The History screen's list (GET /histories with filters, and its CSV export), newest first, each filter
 * served by an index (docs/decisions/011-lists-import-export.md): `{ action, createdAt, _id }`, and
 * `{ email | bookId, action, createdAt, _id }` where `action` is always named (one kind, or all of them, whose
 * scans MongoDB merges in order), so the index gives the order with any filter; `from`/`to` bound createdAt.
 * E-mail and book together are read along the book's index, the e-mail tested on each of that book's entries.
 */
export const HISTORY_LIST_INDEXES: IndexDescription[] = [
  { name: 'list_action', key: { action: 1, createdAt: -1, _id: -1 } },
  { name: 'list_email', key: { email: 1, action: 1, createdAt: -1, _id: -1 } },
  { name: 'list_book', key: { bookId: 1, action: 1, createdAt: -1, _id: -1 } },
];

/** A date-only `to` takes in that whole day. */
const endOf = (to: string) => (/^\d{4}-\d{2}-\d{2}$/.test(to) ? { $lt: new Date(Date.parse(to) + 86_400_000) } : { $lte: new Date(to) });

/** The stored kinds `action` names: one, every one but sign-ins, or all of them. */
function actionFilter(action: HistoryListQuery['action']): StoredAction | { $in: StoredAction[] } {
  if (action === BUT_SIGN_INS) return { $in: STORED_ACTIONS.filter((stored) => stored !== 'signin') };
  return action ?? { $in: [...STORED_ACTIONS] };
}

function filterOf(query: HistoryListQuery): { filter: Filter<HistoryDoc>; hint?: string } {
  const createdAt = {
    ...(query.from !== undefined ? { $gte: new Date(query.from) } : {}),
    ...(query.to !== undefined ? endOf(query.to) : {}),
  };
  const hint =
    query.bookId !== undefined
      ? 'list_book'
      : query.email !== undefined
        ? 'list_email'
        : query.action !== undefined
          ? 'list_action'
          : undefined;
  const filter: Filter<HistoryDoc> = {
    // Named whenever an index of HISTORY_LIST_INDEXES serves the list: its second field, before the order.
    ...(hint ? { action: actionFilter(query.action) } : {}),
    ...(Object.keys(createdAt).length ? { createdAt } : {}),
    ...(query.email !== undefined ? { email: query.email.toLowerCase() } : {}),
    // The id as a string or as an ObjectId, however the entry was stored.
    ...(query.bookId !== undefined ? { bookId: { $in: [query.bookId.toLowerCase(), new ObjectId(query.bookId)] } } : {}),
  } as Filter<HistoryDoc>;
  // Without a filter of its own, the createdAt index (migration 003) serves the order and the dates.
  return { filter, ...(hint ? { hint } : {}) };
}

const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

export function createHistoryListRepository(db: Db) {
  const histories: Collection<HistoryDoc> = db.collection<HistoryDoc>('histories');
  /** The filter's total: an index count, or the collection's own count (less the sign-ins') by kind alone. */
  async function total(query: HistoryListQuery): Promise<number> {
    const { filter, hint } = filterOf(query);
    const byKindAlone = [query.email, query.bookId, query.from, query.to].every((value) => value === undefined);
    if (byKindAlone && query.action === undefined) return histories.estimatedDocumentCount();
    if (byKindAlone && query.action === BUT_SIGN_INS) {
      const [all, signIns] = await Promise.all([
        histories.estimatedDocumentCount(),
        histories.countDocuments({ action: 'signin' }, { hint: 'list_action' }),
      ]);
      return all - signIns;
    }
    return histories.countDocuments(filter, hint ? { hint } : {});
  }

  return {
    total,

    /** One page, newest first, and the filter's total. */
    async page(query: HistoryListQuery): Promise<{ entries: HistoryEntry[]; total: number }> {
      const limit = query.limit ?? DEFAULT_LIST_LIMIT;
      const { filter, hint } = filterOf(query);
      const [docs, count] = await Promise.all([
        histories.find(filter, { sort: NEWEST_FIRST, ...(hint ? { hint } : {}), skip: (query.page ?? 0) * limit, limit }).toArray(),
        total(query),
      ]);
      return { entries: docs.map(toEntry), total: count };
    },

    /** Every entry of the filter, newest first, streamed (the CSV export). */
    all(query: HistoryListQuery): AsyncIterable<HistoryEntry> {
      const { filter, hint } = filterOf(query);
      return histories.find(filter, { sort: NEWEST_FIRST, ...(hint ? { hint } : {}), timeoutMode: 'iteration' }).map(toEntry);
    },
  };
}

export type HistoryListRepository = ReturnType<typeof createHistoryListRepository>;
