// The ceilings of the stock writes (restock, a batch movement, a transfer, a purchase-order receipt): the same
// transaction as the API's, with
// the same documents, counters and write concern, run through the driver with nothing else: no routing framework,
// validation, authentication, rules of its own, cache or turn-taking. ceiling-server.mjs answers them beside the reads.
import { ObjectId } from 'mongodb';
import { requireApi } from './api-build.mjs';

const support = /** @type {typeof import('../../apps/api/src/bench-support.js')} */ (requireApi('bench-support.js'));
const { actionOf, addCounters, countersDelta, displayTime, fieldChanges, historyTask, locationDeltas, movedTask, quantityAt } = support;
const { SEARCH_KEYS, shortageOf, stockChanges, totalOf, toBook, withQuantity, ZERO } = support;

/** The API's transactions (apps/api/src/lib/database-transaction.ts): snapshot reads, a majority and journaled commit. */
const TRANSACTION_OPTIONS = /** @type {const} */ ({
  readConcern: { level: 'snapshot' },
  writeConcern: { w: 'majority', journal: true },
  readPreference: 'primary',
});
const SHORTAGE = '_shortage';
const USER = 'bench@book-warehouse.example';

/**
 * @typedef {{ locationId: string, quantity: number }} StockEntry
 * @typedef {{ bookId: string, next: (stock: StockEntry[], receivingId: string) => StockEntry[], task: string, set?: object, purchaseOrderId?: string }} Line
 * @typedef {import('mongodb').ClientSession} Session
 * @typedef {{ bookId: ObjectId, bookName: string, quantity: number, received: number, cancelled: number, unitCost: number }} OrderLine
 * @typedef {{ _id: ObjectId, number: string, supplierName: string, state: string, events: object[], lines: OrderLine[], receipts: object[] }} OrderDoc
 */

/**
 * @param {import('mongodb').MongoClient} client @param {import('mongodb').Db} db
 */
export function createWriteCeilings(client, db) {
  /** @type {import('mongodb').Collection<import('../../apps/api/src/modules/books/books.repository.js').BookDoc>} */
  const books = db.collection('books');
  const histories = db.collection('histories');
  /** @type {import('mongodb').Collection<OrderDoc>} */
  const orders = db.collection('purchase_orders');
  const stats = support.createStatsRepository(db);
  const locations = support.createBookLocationsRepository(db);
  /** @type {Promise<Map<string, { _id: string, code: string, path: ObjectId[] }>> | undefined} */
  let located;
  /** @type {Map<string, Promise<OrderLine[]>>} */
  const costs = new Map();

  /**
   * One transaction changing the stock of the lines' books: each book read, written while its stock is as read,
   * its history entry with its changes, then each location's counters and the dashboard's, then the caller's own
   * writes (`alongside`). The locations the request names (`named`) are read in the transaction, as the API's rules
   * read them (stock-movements.ts): in its snapshot, so that a location deleted or closed meanwhile makes the
   * counters' write conflict. Answers the books and what `alongside` answered.
   * @template {object} T
   * @param {Line[]} lines @param {{ named?: string[], alongside?: (session: Session) => Promise<T> }} [also]
   */
  async function changeStock(lines, { named = [], alongside } = {}) {
    located ??= locations.all();
    const known = await located;
    const receivingId = (await locations.receiving())._id;
    return client.withSession((s) =>
      s.withTransaction(async (session) => {
        if (named.length) {
          const found = await locations.find(named, session);
          const closed = named.find((id) => !found.get(id)?.holdsStock);
          if (closed) throw new Error(`the location ${closed} cannot hold stock`);
        }
        const ids = lines.map((line) => new ObjectId(line.bookId));
        const docs = await books.find({ _id: { $in: ids } }, { session, projection: { [SEARCH_KEYS]: 0 } }).toArray();
        const byId = new Map(docs.map((doc) => [doc._id.toHexString(), doc]));
        /** @type {import('../../apps/api/src/modules/books/stock-locations.js').LocationDeltas} */
        const deltas = new Map();
        let delta = ZERO;
        const now = new Date();
        const answers = [];
        for (const line of lines) {
          const doc = byId.get(line.bookId);
          if (!doc) throw new Error(`no book ${line.bookId}`);
          /** @type {StockEntry[]} */
          const before = doc.stock
            ? doc.stock.map((e) => ({ locationId: e.locationId.toHexString(), quantity: e.quantity }))
            : doc.stockQuantity > 0
              ? [{ locationId: receivingId, quantity: doc.stockQuantity }]
              : [];
          const after = line.next(before, receivingId);
          const was = toBook(doc);
          const is = { ...was, stockQuantity: totalOf(after), updatedAt: now.toISOString() };
          const shortage = shortageOf(is);
          const written = await books.updateOne(
            { _id: doc._id, stock: doc.stock ?? { $exists: false }, stockQuantity: doc.stockQuantity },
            {
              $set: {
                stock: after.map((e) => ({
                  locationId: new ObjectId(e.locationId),
                  quantity: e.quantity,
                  path: known.get(e.locationId)?.path,
                })),
                stockQuantity: is.stockQuantity,
                updatedAt: now,
                ...line.set,
                ...(shortage === undefined ? {} : { [SHORTAGE]: shortage }),
              },
              ...(shortage === undefined ? { $unset: { [SHORTAGE]: '' } } : {}),
            },
            { session },
          );
          if (written.matchedCount !== 1) throw new Error(`the stock of ${line.bookId} changed meanwhile`);
          await histories.insertOne(
            {
              email: USER,
              bookName: was.bookName,
              task: line.task,
              time: displayTime(now),
              createdAt: now,
              action: actionOf(line.task),
              bookId: line.bookId,
              ...(line.purchaseOrderId ? { purchaseOrderId: line.purchaseOrderId } : {}),
              changes: [...fieldChanges(was, is), ...stockChanges(before, after, /** @type {never} */ (known))],
            },
            { session },
          );
          delta = addCounters(delta, countersDelta(was, is));
          locationDeltas(before, after, deltas);
          answers.push(is);
        }
        await locations.recordStock(deltas, session);
        await stats.add(delta, session);
        return { books: answers, ...(alongside ? await alongside(session) : {}) };
      }, TRANSACTION_OPTIONS),
    );
  }

  /** Copies added at the book's default location, else RECEIVING (the bench's books have no default). @param {number} amount */
  const received = (amount) => (/** @type {StockEntry[]} */ stock, /** @type {string} */ at) =>
    withQuantity(stock, at, quantityAt(stock, at) + amount);

  /**
   * Each write by name, given the request's body (unchecked: the bench sends it) and path.
   * @type {Record<string, (body: unknown, path: string) => Promise<unknown>>}
   */
  const handlers = {
    /** POST /api/book/{id}/restock: `amount` copies received. */
    restock: async (body, path) => {
      const { amount } = /** @type {{ amount: number }} */ (body);
      const { books: written } = await changeStock([
        { bookId: /** @type {string} */ (path.split('/')[3]), next: received(amount), task: historyTask.restocked(amount) },
      ]);
      return written[0];
    },
    /** POST /api/stock/movements: each line's copies received (the bench's lines receive). */
    movements: (body) =>
      changeStock(
        /** @type {{ lines: { bookId: string, delta: number }[] }} */ (body).lines.map((line) => ({
          bookId: line.bookId,
          next: received(line.delta),
          task: historyTask.restocked(line.delta),
        })),
      ),
    /** POST /api/stock/transfers: each line's copies moved from one location to another. */
    transfers: async (body) => {
      const known = await (located ??= locations.all());
      const { lines } = /** @type {{ lines: { bookId: string, from: string, to: string, quantity: number }[] }} */ (body);
      return changeStock(
        lines.map((line) => ({
          bookId: line.bookId,
          next: (/** @type {StockEntry[]} */ stock) => {
            const taken = withQuantity(stock, line.from, quantityAt(stock, line.from) - line.quantity);
            return withQuantity(taken, line.to, quantityAt(taken, line.to) + line.quantity);
          },
          task: movedTask(line.quantity, known.get(line.from)?.code ?? line.from, known.get(line.to)?.code ?? line.to),
        })),
        { named: lines.flatMap((line) => [line.from, line.to]) },
      );
    },
    /**
     * POST /api/purchase-orders/{id}/receipts: each line's copies received at RECEIVING (the bench's books have no
     * default location) at the line's unit cost (its average cost set to it: the API's weighted mean is a few
     * multiplications on the book it read), and in the same transaction the order's received copies, its
     * receipt, the books' copies on order and the order's history entry (purchase-orders.service.ts, receive).
     */
    receipts: async (body, path) => {
      const orderId = new ObjectId(path.split('/')[3]);
      const wanted = /** @type {{ lines: { bookId: string, quantity: number }[] }} */ (body).lines;
      // An order's lines keep their unit costs once ordered: read once per order, outside the transactions.
      let ordered = costs.get(orderId.toHexString());
      if (!ordered) costs.set(orderId.toHexString(), (ordered = orders.findOne({ _id: orderId }).then((order) => order?.lines ?? [])));
      const lines = await ordered;
      const unitCost = (/** @type {string} */ id) => lines.find((line) => line.bookId.toHexString() === id)?.unitCost ?? 0;
      const receivingId = (await locations.receiving())._id;
      return changeStock(
        wanted.map((line) => ({
          bookId: line.bookId,
          next: received(line.quantity),
          task: historyTask.restocked(line.quantity),
          set: { averageCost: unitCost(line.bookId) },
          purchaseOrderId: orderId.toHexString(),
        })),
        {
          alongside: async (session) => {
            const current = await orders.findOne({ _id: orderId }, { session });
            if (!current) throw new Error(`no order ${orderId.toHexString()}`);
            const now = new Date();
            const after = current.lines.map((line) => ({
              ...line,
              received: line.received + (wanted.find((one) => one.bookId === line.bookId.toHexString())?.quantity ?? 0),
            }));
            const state = after.every((line) => line.quantity - line.received - line.cancelled <= 0) ? 'received' : 'partially_received';
            const moved = state !== current.state;
            const updated = await orders.findOneAndUpdate(
              { _id: orderId },
              {
                $set: {
                  lines: after,
                  state,
                  updatedAt: now,
                  ...(moved ? { events: [...current.events, { state, email: USER, at: now }] } : {}),
                },
                $push: {
                  receipts: {
                    _id: new ObjectId(),
                    email: USER,
                    createdAt: now,
                    lines: wanted.map((line) => ({
                      bookId: new ObjectId(line.bookId),
                      quantity: line.quantity,
                      locationId: new ObjectId(receivingId),
                      code: 'RECEIVING',
                    })),
                  },
                },
              },
              { session, returnDocument: 'after' },
            );
            for (const line of wanted)
              await books.updateOne({ _id: new ObjectId(line.bookId) }, { $inc: { onOrder: -line.quantity } }, { session });
            const task = `${current.number} ${state === 'received' ? 'received' : 'partially received'}`;
            await histories.insertOne(
              {
                email: USER,
                bookName: current.supplierName,
                task,
                time: displayTime(now),
                createdAt: now,
                action: actionOf(task),
                purchaseOrderId: orderId.toHexString(),
                changes: [
                  ...(moved ? [{ field: 'state', from: current.state, to: state }] : []),
                  ...after.flatMap((line, i) => {
                    const was = current.lines[i]?.received ?? 0;
                    return line.received === was ? [] : [{ field: `received ${line.bookName}`, from: was, to: line.received }];
                  }),
                ],
              },
              { session },
            );
            return { order: updated };
          },
        },
      );
    },
  };
  return handlers;
}
