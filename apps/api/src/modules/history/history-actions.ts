import { SIGN_IN_TASKS, type HistoryAction } from '@book-warehouse/types';

/**
 * The kind of a history entry, stored beside its task (field `action`) so that GET /histories filters by an
 * index point instead of matching labels (docs/decisions/011-lists-import-export.md). `other` is an entry of
 * no listed kind (a role change).
 */
export type StoredAction = HistoryAction | 'other';
export const STORED_ACTIONS: readonly StoredAction[] = [
  'signin',
  'added',
  'updated',
  'deleted',
  'quantity',
  'price',
  'undo',
  'location',
  'purchasing',
  'other',
];

const SIGN_INS = new Set<string>(SIGN_IN_TASKS);

/** The kind of `task`, as the labels of docs/rules.md (History labels) spell them. */
export function actionOf(task: string): StoredAction {
  if (SIGN_INS.has(task)) return 'signin';
  if (task.startsWith('Undo: ')) return 'undo';
  if (task === 'Added') return 'added';
  if (task === 'Updated') return 'updated';
  if (task === 'Deleted') return 'deleted';
  if (/^(Added|Deleverd) \d+ Quantity$/.test(task)) return 'quantity';
  // A transfer between locations (modules/books/stock-movements.ts, movedTask).
  if (/^Moved \d+ Quantity from \S+ to \S+$/.test(task)) return 'quantity';
  if (task.startsWith('Price Updated to ')) return 'price';
  // A count's apply (modules/counts): the stock of a location set to what was counted.
  if (task === 'Counted') return 'quantity';
  if (/^Location \S+ (added|updated|deleted)$/.test(task)) return 'location';
  // Purchase orders and suppliers (packages/types/src/purchasing.ts, purchaseOrderTask).
  if (/^PO-\d+ /.test(task) || /^Supplier .+ (added|updated|archived|deleted)$/.test(task)) return 'purchasing';
  return 'other';
}
