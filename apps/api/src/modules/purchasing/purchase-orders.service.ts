import {
  hyphenatedIsbn,
  MAX_ORDER_LINES,
  OPEN_ORDER_STATES,
  purchaseOrderTask,
  RECEIVABLE_STATES,
  TOTAL_COUNT_HEADER,
  type Book,
  type FieldChange,
  type NewPurchaseOrder,
  type NewReceipt,
  type OrdersFromReorder,
  type OrdersFromReorderResult,
  type PurchaseOrder,
  type PurchaseOrderExportQuery,
  type PurchaseOrderLineInput,
  type PurchaseOrderListQuery,
  type PurchaseOrderPatch,
  type PurchaseOrderReceipt,
  type PurchaseOrderState,
  type ReceiptResult,
  type ReorderItem,
  type UnorderedBook,
} from '@book-warehouse/types';
import { Answer } from '../../lib/answer';
import type { AuthUser, Caller } from '../../lib/auth-user';
import type { Session, Transactions } from '../../lib/database-transaction';
import type { Clock } from '../../lib/display-time';
import { AppError, notFound } from '../../lib/errors';
import type { BooksService } from '../books/books.service';
import type { HistoryService } from '../history/history.service';
import type { OrderSet, PurchaseOrdersRepository, StoredLine, StoredOrder, StoredReceipt } from './purchase-orders.repository';
import type { StoredSupplier, SuppliersRepository } from './suppliers.repository';

const conflict = (message: string, fields?: Record<string, string>) => new AppError('conflict', 409, message, fields);
const invalid = (message: string, fields: Record<string, string>) => new AppError('validation_failed', 400, message, fields);

const STATE_WORDS: Record<PurchaseOrderState, string> = {
  draft: 'a draft',
  ordered: 'ordered',
  partially_received: 'partially received',
  received: 'received',
  cancelled: 'cancelled',
};

const isOpen = (state: PurchaseOrderState) => (OPEN_ORDER_STATES as readonly PurchaseOrderState[]).includes(state);
const isReceivable = (state: PurchaseOrderState) => (RECEIVABLE_STATES as readonly PurchaseOrderState[]).includes(state);

/** The copies of a line still expected. */
const outstandingOf = (line: Pick<StoredLine, 'quantity' | 'received' | 'cancelled'>) =>
  Math.max(0, line.quantity - line.received - line.cancelled);

const cents = (amount: number) => Math.round(amount * 100);

/** An order as the API answers it: each line's outstanding copies and the sums. */
function answerOf(order: StoredOrder): PurchaseOrder {
  const lines = order.lines.map((line) => ({ ...line, outstanding: outstandingOf(line) }));
  const sum = (pick: (line: (typeof lines)[number]) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    _id: order._id,
    number: order.number,
    supplierId: order.supplierId,
    supplierName: order.supplierName,
    state: order.state,
    lines,
    ...(order.expectedAt !== undefined ? { expectedAt: order.expectedAt } : {}),
    ...(order.notes !== undefined ? { notes: order.notes } : {}),
    totals: {
      quantity: sum((line) => line.quantity),
      received: sum((line) => line.received),
      outstanding: sum((line) => line.outstanding),
      cost: sum((line) => line.quantity * cents(line.unitCost)) / 100,
    },
    createdBy: order.createdBy,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    events: order.events.map((event) => ({ ...event, at: event.at.toISOString() })),
    receipts: order.receipts.map(receiptAnswer),
  };
}

const receiptAnswer = (receipt: StoredReceipt): PurchaseOrderReceipt => ({ ...receipt, createdAt: receipt.createdAt.toISOString() });

/**
 * What an order's change does to each book's `onOrder` (docs/rules.md, Buying): the outstanding copies of the lines
 * of an open order (a draft counts, so 'Create orders' never drafts the same need twice), after less before.
 */
function onOrderDeltas(before: Pick<StoredOrder, 'state' | 'lines'> | null, after: Pick<StoredOrder, 'state' | 'lines'>) {
  const deltas = new Map<string, number>();
  const add = (order: Pick<StoredOrder, 'state' | 'lines'> | null, sign: number) => {
    if (!order || !isOpen(order.state)) return;
    for (const line of order.lines) deltas.set(line.bookId, (deltas.get(line.bookId) ?? 0) + sign * outstandingOf(line));
  };
  add(before, -1);
  add(after, 1);
  return deltas;
}

/** An ordered order's state after its received copies change: received once nothing is outstanding. */
function stateOf(lines: StoredLine[]): PurchaseOrderState {
  if (lines.every((line) => outstandingOf(line) === 0)) return 'received';
  return lines.some((line) => line.received > 0) ? 'partially_received' : 'ordered';
}

const lineText = (line: Pick<StoredLine, 'quantity' | 'unitCost'>) => `${line.quantity} x ${line.unitCost.toFixed(2)}`;

/** The history's changes of an order's lines, one per book whose line came, went or changed. */
function lineChanges(before: StoredLine[], after: StoredLine[]): FieldChange[] {
  const was = new Map(before.map((line) => [line.bookId, line]));
  const is = new Map(after.map((line) => [line.bookId, line]));
  return [...new Set([...was.keys(), ...is.keys()])].flatMap((id) => {
    const from = was.get(id);
    const to = is.get(id);
    const fromText = from ? lineText(from) : null;
    const toText = to ? lineText(to) : null;
    return fromText === toText ? [] : [{ field: `line ${(to ?? from)!.bookName}`, from: fromText, to: toText }];
  });
}

/** The refusal of a receipt's lines, said once: the lines counted from 1 as the screens count them, and the first reason. */
function linesError(status: 400 | 409, fields: Record<string, string>): AppError {
  const numbers = Object.keys(fields).map((key) => Number(key.split('.')[1]) + 1);
  const named = numbers.length === 1 ? `Line ${numbers[0]}` : `Lines ${numbers.join(', ')}`;
  return new AppError(
    status === 400 ? 'validation_failed' : 'conflict',
    status,
    `Nothing was received. ${named}: ${Object.values(fields)[0]}.`,
    fields,
  );
}

/**
 * Purchase orders (docs/rules.md, Buying): draft -> ordered -> partially_received -> received, or cancelled. Every
 * change commits with the books' `onOrder` and its history entry in one transaction; a receipt also raises the stock
 * through the books module (stock-receipts.ts), in the same transaction.
 */
export function createPurchaseOrdersService(deps: {
  orders: PurchaseOrdersRepository;
  suppliers: SuppliersRepository;
  books: BooksService;
  history: HistoryService;
  transactions: Transactions;
  clock: Clock;
}) {
  const { orders, suppliers, books, history, transactions, clock } = deps;

  const found = async (id: string, session?: Session): Promise<StoredOrder> => {
    const order = await orders.findById(id, session);
    if (!order) throw notFound('Purchase order');
    return order;
  };

  /** The supplier a new order or a draft goes to: 400 naming `supplierId` when unknown or archived. */
  const supplierFor = async (id: string, session: Session): Promise<StoredSupplier> => {
    const supplier = await suppliers.findById(id, session);
    if (!supplier) throw invalid('Invalid body: supplierId: no supplier has this id', { supplierId: 'no supplier has this id' });
    if (supplier.archived)
      throw invalid(`Invalid body: supplierId: ${supplier.name} is archived`, { supplierId: `${supplier.name} is archived` });
    return supplier;
  };

  /** The stored lines of `inputs`, each with its book's name and ISBN; received copies kept from `previous`. 400 naming an unknown book. */
  const linesFor = async (inputs: PurchaseOrderLineInput[], previous: StoredLine[], session: Session): Promise<StoredLine[]> => {
    const known = await orders.books(
      inputs.map((line) => line.bookId),
      session,
    );
    const kept = new Map(previous.map((line) => [line.bookId, line]));
    const unknown = Object.fromEntries(
      inputs.flatMap((line, i) => (known.has(line.bookId.toLowerCase()) ? [] : [[`lines.${i}.bookId`, 'no book has this id']])),
    );
    if (Object.keys(unknown).length) throw invalid(`Invalid body: ${Object.keys(unknown)[0]}: no book has this id`, unknown);
    return inputs.map((line) => {
      const book = known.get(line.bookId.toLowerCase())!;
      const before = kept.get(book._id);
      return {
        bookId: book._id,
        bookName: book.bookName,
        ...(book.isbn ? { isbn: book.isbn } : {}),
        quantity: line.quantity,
        unitCost: line.unitCost,
        received: before?.received ?? 0,
        cancelled: before?.cancelled ?? 0,
      };
    });
  };

  /** Stores a new draft with its onOrder and its entry, in `session`. */
  const insertDraft = async (
    user: AuthUser,
    supplier: StoredSupplier,
    lines: StoredLine[],
    extra: { expectedAt?: string; notes?: string },
    session: Session,
  ): Promise<StoredOrder> => {
    const { number, seq } = await orders.nextNumber(session);
    const now = clock();
    const order = await orders.insert(
      {
        number,
        supplierId: supplier._id,
        supplierName: supplier.name,
        state: 'draft',
        lines,
        ...extra,
        createdBy: user.email,
        createdAt: now,
        updatedAt: now,
        events: [{ state: 'draft', email: user.email, at: now }],
        receipts: [],
      },
      seq,
      session,
    );
    await books.addOnOrder(onOrderDeltas(null, order), session);
    const changes: FieldChange[] = [
      { field: 'state', from: null, to: 'draft' },
      { field: 'supplier', from: null, to: supplier.name },
      ...lineChanges([], lines),
    ];
    await history.record(user, supplier.name, purchaseOrderTask.created(number), session, { purchaseOrderId: order._id, changes });
    return order;
  };

  /**
   * Writes a change of an order read in `session`: its new state's event, each book's onOrder, and its history entry
   * (the state change first among its changes).
   */
  const commit = async (
    user: AuthUser,
    current: StoredOrder,
    set: OrderSet,
    { task, changes, receipt }: { task: string; changes: FieldChange[]; receipt?: StoredReceipt },
    session: Session,
  ): Promise<StoredOrder> => {
    const now = clock();
    const state = set.state ?? current.state;
    const moved = state !== current.state;
    const updated = await orders.update(
      current._id,
      { ...set, ...(moved ? { events: [...current.events, { state, email: user.email, at: now }] } : {}), updatedAt: now },
      session,
      receipt,
    );
    await books.addOnOrder(onOrderDeltas(current, updated), session);
    const stateChange: FieldChange[] = moved ? [{ field: 'state', from: current.state, to: state }] : [];
    await history.record(user, updated.supplierName, task, session, {
      purchaseOrderId: updated._id,
      changes: [...stateChange, ...changes],
    });
    return updated;
  };

  /** A change of state alone: `refusal` says why the order cannot take it (409), `set` what it writes. */
  const transition = (
    user: AuthUser,
    id: string,
    refusal: (order: StoredOrder) => string | undefined,
    set: (order: StoredOrder) => OrderSet,
    task: (number: string) => string,
  ): Promise<PurchaseOrder> =>
    transactions.run(async (session) => {
      const current = await found(id, session);
      const refused = refusal(current);
      if (refused) throw conflict(refused, { state: `is ${current.state}` });
      return answerOf(await commit(user, current, set(current), { task: task(current.number), changes: [] }, session));
    });

  /** The ids of the books a list's `bookId` or `isbn` names (undefined: no such filter). */
  const booksFiltered = async (query: Pick<PurchaseOrderExportQuery, 'bookId' | 'isbn'>): Promise<string[] | undefined> => {
    if (query.bookId) return [query.bookId.toLowerCase()];
    return query.isbn ? orders.bookIdsByIsbn(query.isbn) : undefined;
  };

  return {
    async list(query: PurchaseOrderListQuery): Promise<Answer<PurchaseOrder[]>> {
      const { items, total } = await orders.list(query, await booksFiltered(query));
      return new Answer(items.map(answerOf), { [TOTAL_COUNT_HEADER]: String(total) });
    },

    /** The rows the CSV export of the filter holds: its orders' lines. */
    exportTotal: async (query: PurchaseOrderExportQuery): Promise<number> => orders.lineCount(query, await booksFiltered(query)),

    /** Every order of the filter, for the CSV export. */
    async *all(query: PurchaseOrderExportQuery): AsyncIterable<PurchaseOrder> {
      for await (const order of orders.all(query, await booksFiltered(query))) yield answerOf(order);
    },

    get: async (id: string): Promise<PurchaseOrder> => answerOf(await found(id)),

    create: (user: AuthUser, body: NewPurchaseOrder): Promise<PurchaseOrder> =>
      transactions.run(async (session) => {
        const supplier = await supplierFor(body.supplierId, session);
        const lines = await linesFor(body.lines, [], session);
        const extra = { ...(body.expectedAt ? { expectedAt: body.expectedAt } : {}), ...(body.notes ? { notes: body.notes } : {}) };
        return answerOf(await insertDraft(user, supplier, lines, extra, session));
      }),

    /**
     * A draft changes freely; an ordered or partially received order keeps its supplier, and only an admin changes its
     * lines, none below what it has received (docs/rules.md, Buying). Received and cancelled orders do not change.
     */
    update: (user: Caller, id: string, patch: PurchaseOrderPatch): Promise<PurchaseOrder> =>
      transactions.run(async (session) => {
        const current = await found(id, session);
        if (!isOpen(current.state))
          throw conflict(`${current.number} is ${STATE_WORDS[current.state]}: it no longer changes`, { state: `is ${current.state}` });
        const set: OrderSet = {};
        const changes: FieldChange[] = [];
        if (patch.supplierId !== undefined && patch.supplierId.toLowerCase() !== current.supplierId) {
          if (current.state !== 'draft')
            throw conflict(`${current.number} is ${STATE_WORDS[current.state]}: only a draft changes supplier`, {
              supplierId: 'changes only on a draft',
            });
          const supplier = await supplierFor(patch.supplierId, session);
          Object.assign(set, { supplierId: supplier._id, supplierName: supplier.name });
          changes.push({ field: 'supplier', from: current.supplierName, to: supplier.name });
        }
        if (patch.lines) {
          if (current.state !== 'draft' && user.role !== 'admin')
            throw new AppError('forbidden', 403, `Only an admin changes the lines of ${current.number} once it is ordered`, {
              lines: 'only an admin changes them once the order is ordered',
            });
          const lines = await linesFor(patch.lines, current.lines, session);
          for (const line of current.lines.filter((one) => one.received > 0)) {
            const at = lines.findIndex((one) => one.bookId === line.bookId);
            if (at < 0)
              throw conflict(`'${line.bookName}' stays on ${current.number}: ${line.received} received`, {
                lines: `must keep '${line.bookName}' (${line.received} received)`,
              });
            if (lines[at]!.quantity < line.received)
              throw conflict(`'${line.bookName}' cannot go below the ${line.received} received`, {
                [`lines.${at}.quantity`]: `must be at least the ${line.received} received`,
              });
          }
          const changed = lineChanges(current.lines, lines);
          if (changed.length) {
            set.lines = lines;
            if (current.state !== 'draft') set.state = stateOf(lines);
            changes.push(...changed);
          }
        }
        for (const field of ['expectedAt', 'notes'] as const) {
          const value = patch[field];
          if (value === undefined || value === (current[field] ?? null)) continue;
          set[field] = value;
          changes.push({ field, from: current[field] ?? null, to: value });
        }
        if (!changes.length) throw new AppError('bad_request', 400, 'Nothing to update: the body changes nothing of the order');
        return answerOf(await commit(user, current, set, { task: purchaseOrderTask.updated(current.number), changes }, session));
      }),

    /** draft -> ordered, while its supplier is not archived. */
    place: (user: AuthUser, id: string) =>
      transactions.run(async (session) => {
        const current = await found(id, session);
        if (current.state !== 'draft')
          throw conflict(`${current.number} is ${STATE_WORDS[current.state]}: only a draft is ordered`, { state: `is ${current.state}` });
        const supplier = await suppliers.findById(current.supplierId, session);
        if (!supplier || supplier.archived)
          throw conflict(`${current.supplierName} is archived: choose another supplier for ${current.number}`, {
            supplierId: 'is archived',
          });
        return answerOf(
          await commit(user, current, { state: 'ordered' }, { task: purchaseOrderTask.ordered(current.number), changes: [] }, session),
        );
      }),

    /** A draft, or an ordered order with nothing received, is cancelled; its copies leave onOrder. */
    cancel: (user: AuthUser, id: string) =>
      transition(
        user,
        id,
        (order) =>
          order.state === 'draft' || order.state === 'ordered'
            ? undefined
            : order.state === 'partially_received'
              ? `${order.number} has copies received: close it short instead`
              : `${order.number} is ${STATE_WORDS[order.state]}: it can no longer be cancelled`,
        () => ({ state: 'cancelled' }),
        purchaseOrderTask.cancelled,
      ),

    /** A partially received order closed short: what remains of each line is cancelled, and it is received. */
    close: (user: AuthUser, id: string) =>
      transition(
        user,
        id,
        (order) =>
          order.state === 'partially_received'
            ? undefined
            : order.state === 'ordered'
              ? `${order.number} has nothing received: cancel it instead`
              : `${order.number} is ${STATE_WORDS[order.state]}: only a partially received order is closed short`,
        (order) => ({
          state: 'received',
          lines: order.lines.map((line) => ({ ...line, cancelled: line.cancelled + outstandingOf(line) })),
        }),
        purchaseOrderTask.closed,
      ),

    /**
     * A receipt (docs/rules.md, Buying): each line's copies raise the book's stock at its location and the order's
     * received copies in one transaction; a line beyond what is outstanding is refused (409 naming it) unless
     * `allowOver`. Lines of one book add up.
     */
    receive(user: AuthUser, id: string, body: NewReceipt): Promise<ReceiptResult> {
      const keys = [`purchase-order:${id}`, ...body.lines.flatMap((line) => (line.bookId ? [line.bookId] : []))];
      return books.receive(user, keys, async (session, find) => {
        const current = await found(id, session);
        if (!isReceivable(current.state)) {
          const why = current.state === 'draft' ? 'order it before receiving' : 'nothing more is received against it';
          throw conflict(`${current.number} is ${STATE_WORDS[current.state]}: ${why}`, { state: `is ${current.state}` });
        }
        const read = await find(
          body.lines.flatMap((line) => (line.bookId ? [line.bookId] : [])),
          body.lines.flatMap((line) => (line.isbn ? [line.isbn] : [])),
        );
        const byKey = new Map(
          read.flatMap((book): [string, Book][] => [
            [book._id, book],
            ...(book.isbn ? [[`isbn:${book.isbn}`, book] as [string, Book]] : []),
          ]),
        );
        const ordered = new Map(current.lines.map((line) => [line.bookId, line]));
        const asked = new Map<string, number>();
        const unknown: Record<string, string> = {};
        const refused: Record<string, string> = {};
        const copies = body.lines.flatMap((line, i) => {
          const book = byKey.get(line.bookId ? line.bookId.toLowerCase() : `isbn:${line.isbn}`);
          if (!book) {
            unknown[`lines.${i}`] = line.bookId
              ? `no book has the id ${line.bookId}`
              : `no book has the ISBN ${hyphenatedIsbn(line.isbn!)}`;
            return [];
          }
          const on = ordered.get(book._id);
          if (!on) {
            refused[`lines.${i}`] = `'${book.bookName}' is not on ${current.number}`;
            return [];
          }
          const total = (asked.get(book._id) ?? 0) + line.quantity;
          asked.set(book._id, total);
          const outstanding = outstandingOf(on);
          if (total > outstanding && !body.allowOver)
            refused[`lines.${i}`] =
              `'${book.bookName}' has ${outstanding} outstanding on ${current.number}: receiving ${total} is more (send allowOver to take them)`;
          return [
            {
              bookId: book._id,
              quantity: line.quantity,
              locationId: line.locationId,
              unitCost: on.unitCost,
              field: `lines.${i}.locationId`,
            },
          ];
        });
        if (Object.keys(unknown).length) throw linesError(400, unknown);
        if (Object.keys(refused).length) throw linesError(409, refused);
        return {
          purchaseOrderId: current._id,
          lines: copies,
          write: async (placed, inSession) => {
            const fresh = new Map(read.map((book) => [book._id, book]));
            const lines = current.lines.map((line) => {
              const book = fresh.get(line.bookId);
              return {
                ...line,
                ...(book ? { bookName: book.bookName, ...(book.isbn ? { isbn: book.isbn } : {}) } : {}),
                received: line.received + (asked.get(line.bookId) ?? 0),
              };
            });
            const state = stateOf(lines) as 'partially_received' | 'received';
            const receipt: StoredReceipt = { _id: orders.newId(), email: user.email, createdAt: clock(), lines: placed };
            const changes = current.lines.flatMap((line, i) =>
              lines[i]!.received === line.received
                ? []
                : [{ field: `received ${line.bookName}`, from: line.received, to: lines[i]!.received }],
            );
            const task = purchaseOrderTask.received(current.number, state);
            const updated = await commit(user, current, { lines, state }, { task, changes, receipt }, inSession);
            return { order: answerOf(updated), receipt: receiptAnswer(receipt) };
          },
        };
      });
    },

    /**
     * 'Create orders' (docs/rules.md, Buying): one draft per supplier for the low books (at most MAX_ORDER_LINES lines
     * each), each line the book's toOrder at its cost price (else its average cost, else 0); books without a usable
     * supplier or whose need is on order are listed apart. Read and written in one transaction: two at once conflict on
     * the books' onOrder and the second runs again on the first's drafts, so nothing is drafted twice. `shown` says
     * which low books the caller may see (a blind count hides the ones it counts): the others are not ordered.
     */
    fromReorder: (
      user: AuthUser,
      body: OrdersFromReorder,
      shown: (item: ReorderItem) => boolean = () => true,
    ): Promise<OrdersFromReorderResult> =>
      transactions.run(async (session) => {
        const wanted = body.bookIds && new Set(body.bookIds.map((id) => id.toLowerCase()));
        const low: ReorderItem[] = [];
        for await (const item of books.reorderList(session)) if ((!wanted || wanted.has(item._id)) && shown(item)) low.push(item);
        const known = await suppliers.findByIds(
          low.flatMap((book) => (book.supplierId ? [book.supplierId] : [])),
          session,
        );
        const unordered: UnorderedBook[] = [];
        const bySupplier = new Map<string, ReorderItem[]>();
        for (const book of low) {
          const supplier = book.supplierId ? known.get(book.supplierId.toLowerCase()) : undefined;
          const reason = !supplier ? 'no_supplier' : supplier.archived ? 'supplier_archived' : book.toOrder === 0 ? 'on_order' : undefined;
          if (reason) {
            unordered.push({
              bookId: book._id,
              bookName: book.bookName,
              ...(book.isbn ? { isbn: book.isbn } : {}),
              stockQuantity: book.stockQuantity,
              reorderPoint: book.reorderPoint,
              onOrder: book.onOrder,
              toOrder: book.toOrder,
              reason,
            });
          } else bySupplier.set(supplier!._id, [...(bySupplier.get(supplier!._id) ?? []), book]);
        }
        const made: PurchaseOrder[] = [];
        const suppliersByName = [...bySupplier.keys()].map((id) => known.get(id)!).sort((a, b) => a.name.localeCompare(b.name));
        for (const supplier of suppliersByName) {
          const items = bySupplier.get(supplier._id)!;
          for (let from = 0; from < items.length; from += MAX_ORDER_LINES) {
            const lines = items.slice(from, from + MAX_ORDER_LINES).map((book) => ({
              bookId: book._id,
              bookName: book.bookName,
              ...(book.isbn ? { isbn: book.isbn } : {}),
              quantity: book.toOrder,
              unitCost: book.costPrice ?? book.averageCost ?? 0,
              received: 0,
              cancelled: 0,
            }));
            made.push(answerOf(await insertDraft(user, supplier, lines, {}, session)));
          }
        }
        const order = { no_supplier: 0, supplier_archived: 1, on_order: 2 };
        return { orders: made, unordered: unordered.sort((a, b) => order[a.reason] - order[b.reason]) };
      }),
  };
}

export type PurchaseOrdersService = ReturnType<typeof createPurchaseOrdersService>;
