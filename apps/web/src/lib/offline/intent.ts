import type { NewCountObservation, NewReceipt, StockMovements, StockTransfers } from '@book-warehouse/types';

/**
 * A stock change the clerk made that waits for the server (docs/decisions/029-offline-queue.md): always a delta
 * (movement lines, transfer lines, a count's observation, a receipt's lines), never an absolute value, with the Idempotency-Key fixed when the clerk acted, so
 * that sending it again after a lost answer never applies it twice.
 */
export type IntentCall =
  | { kind: 'movements'; path: '/stock/movements'; body: StockMovements }
  | { kind: 'transfers'; path: '/stock/transfers'; body: StockTransfers }
  | { kind: 'observation'; path: `/counts/${string}/observations`; body: NewCountObservation }
  | { kind: 'receipt'; path: `/purchase-orders/${string}/receipts`; body: NewReceipt };

/**
 * What the clerk saw when acting: each book's stock as shown (for a delivery, what made it look possible); for a count's
 * observation, the figure counted so far (never the expected one; `bookId` empty when only the ISBN was scanned); for
 * a receipt, each line's copies outstanding on the order.
 */
export interface Precondition {
  books: Array<{ bookId: string; name: string; stockSeen: number }>;
}

export type Intent = IntentCall & {
  id: string;
  /** The signed-in account that acted: only its own intents are shown to it and replayed with its token. */
  accountUid: string;
  idempotencyKey: string;
  precondition: Precondition;
  /** What it does, in the clerk's words ('Receive 3 copies of Dune'). */
  summary: string;
  createdAt: string;
  /** The order of replay: the order the clerk acted in. */
  seq: number;
  /** Queued: waits for its turn. Needs attention: the server refused it, for `reason`; the clerk retries, changes or drops it. */
  state: 'queued' | 'needs-attention';
  reason?: string;
};

/** Where intents are kept: IndexedDB in the browser (./indexed-db.ts), a map in the tests. */
export interface IntentStore {
  /** Every intent, in `seq` order. */
  all(): Promise<Intent[]>;
  put(intent: Intent): Promise<void>;
  delete(id: string): Promise<void>;
}
