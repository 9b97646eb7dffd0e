import { ObjectId, type Collection, type Db, type Filter, type IndexDescription } from 'mongodb';
import {
  RECEIVING_CODE,
  type CountAction,
  type CountReason,
  type CountScope,
  type CountState,
  type CountTolerance,
  type CountChangeEvent,
} from '@book-warehouse/types';
import type { Cache } from '../../lib/cache';
import type { Change } from '../../lib/database-changes';
import { inSlices } from '../../lib/database';
import type { Session } from '../../lib/database-transaction';

const SESSIONS = 'countSessions';
const LINES = 'countLines';
const OBSERVATIONS = 'countObservations';
const CYCLES = 'countCycles';
export const COUNT_COLLECTIONS = [SESSIONS, LINES, OBSERVATIONS, CYCLES] as const;

/** The fields of a line whose change the count screens show; the apply's own marks follow its session's event. */
const SEEN_LINE_FIELDS = ['counted', 'recounted', 'decision'];

/**
 * A change of a session or a line as the live `count` event names it (no figures: the client reads the session
 * again, as its caller may see it); undefined for another collection, a line made with its session, or the apply's
 * marks on the lines.
 */
export function countChangeEvent({ collection, op, doc, changed }: Change): CountChangeEvent | undefined {
  if (!doc) return undefined;
  if (collection === SESSIONS) {
    const session = doc as SessionDoc;
    const moved = op !== 'update' || (changed ?? []).includes('state');
    return { sessionId: session._id.toHexString(), ...(moved ? { state: session.state } : {}) };
  }
  if (collection !== LINES) return undefined;
  const line = doc as LineDoc;
  const seen =
    op === 'insert' ? line.added : (changed ?? []).some((field) => SEEN_LINE_FIELDS.some((name) => field.split('.')[0] === name));
  return seen ? { sessionId: line.sessionId.toHexString(), lineId: line._id.toHexString() } : undefined;
}

/** The indexes of migration 016, by collection. */
export const COUNT_INDEXES: Record<string, IndexDescription[]> = {
  [SESSIONS]: [
    { name: 'number_unique', key: { number: 1 }, unique: true },
    { name: 'state_created', key: { state: 1, createdAt: -1 } },
    { name: 'created', key: { createdAt: -1 } },
    { name: 'applied', key: { appliedAt: 1 }, partialFilterExpression: { state: 'applied' } },
  ],
  [LINES]: [
    { name: 'line_unique', key: { sessionId: 1, bookId: 1, locationId: 1 }, unique: true },
    { name: 'session_order', key: { sessionId: 1, code: 1, bookName: 1 } },
  ],
  [OBSERVATIONS]: [{ name: 'session_line', key: { sessionId: 1, lineId: 1, at: 1 } }],
};

/** The one document of CYCLES that is not a cycle: the last session number given. */
const SEQUENCE_ID = 'sequence';

export interface SessionDoc {
  _id: ObjectId;
  number: number;
  state: CountState;
  scope: CountScope;
  blind: boolean;
  tolerance: CountTolerance;
  note?: string;
  createdBy: string;
  createdAt: Date;
  startedAt?: Date;
  reviewAt?: Date;
  appliedAt?: Date;
  appliedBy?: string;
  cancelledAt?: Date;
  cancelledBy?: string;
  lineCount: number;
}

export interface DecisionDoc {
  action: CountAction;
  reason?: CountReason;
  note?: string;
  by: string;
  at: Date;
}

export interface LineDoc {
  _id: ObjectId;
  sessionId: ObjectId;
  bookId: ObjectId;
  locationId: ObjectId;
  bookName: string;
  isbn?: string;
  code: string;
  locationName: string;
  price: number;
  added: boolean;
  expected: number | null;
  counted: number | null;
  recounted: number | null;
  countedBy: string[];
  recountedBy: string[];
  firstCountedAt: Date | null;
  lastCountedAt: Date | null;
  decision: DecisionDoc | null;
  /** Set by apply: the location's quantity then and the change written. */
  appliedCurrent: number | null;
  appliedChange: number | null;
}

/** A cycle: `_id` is `location:<hex id>` or `category:<name>`. */
export interface CycleDoc {
  _id: string;
  /** The location's hex id. */
  locationId?: string;
  category?: string;
  intervalDays: number;
  lastCountedAt: Date | null;
}

/** What a count needs of a book: its name, ISBN, price, category and copies per location (hex ids). */
export interface BookStock {
  _id: string;
  bookName: string;
  isbn?: string;
  price: number;
  catagory: string;
  stock: Map<string, number>;
}

/** What a count needs of a location. */
export interface CountLocation {
  _id: string;
  code: string;
  name: string;
  holdsStock: boolean;
}

interface StoredBook {
  _id: ObjectId;
  bookName: string;
  isbn?: string;
  price: number;
  catagory: string;
  stockQuantity: number;
  stock?: { locationId: ObjectId; quantity: number }[];
}

interface StoredLocation {
  _id: ObjectId;
  code: string;
  name: string;
  holdsStock: boolean;
  ancestors: ObjectId[];
}

const oid = (id: string) => new ObjectId(id);
const BOOK_FIELDS = { bookName: 1, isbn: 1, price: 1, catagory: 1, stockQuantity: 1, stock: 1 } as const;

/**
 * The counts' own collections, and the reads of books and locations a count makes inside its transactions (the stock
 * itself is written by the books module: books.service.ts, applyCount).
 */
export function createCountsRepository(db: Db, cache: Cache) {
  const sessions: Collection<SessionDoc> = db.collection<SessionDoc>(SESSIONS);
  const lines: Collection<LineDoc> = db.collection<LineDoc>(LINES);
  const observations = db.collection(OBSERVATIONS);
  const cycles: Collection<CycleDoc> = db.collection<CycleDoc>(CYCLES);
  const books: Collection<StoredBook> = db.collection<StoredBook>('books');
  const locations: Collection<StoredLocation> = db.collection<StoredLocation>('locations');
  const writeSessions = cache.writer(SESSIONS);
  const writeLines = cache.writer(LINES);
  /** Sets fields of many lines, in bulk (the caller's transaction is a runBulk one). */
  const setLines = (updates: [ObjectId, Partial<LineDoc>][], session: Session) =>
    inSlices(updates, (slice) =>
      writeLines(
        lines.bulkWrite(
          slice.map(([_id, fields]) => ({ updateOne: { filter: { _id }, update: { $set: fields } } })),
          { session },
        ),
        session,
      ),
    );

  /** A book written by another tool has no `stock`: its copies are at RECEIVING, as migration 013 put them. */
  const receivingId = async (session?: Session) =>
    (await locations.findOne({ code: RECEIVING_CODE }, { session, projection: { _id: 1 } }))?._id.toHexString() ?? '';
  const toBookStock = (doc: StoredBook, receiving: string): BookStock => ({
    _id: doc._id.toHexString(),
    bookName: doc.bookName,
    ...(doc.isbn ? { isbn: doc.isbn } : {}),
    price: doc.price,
    catagory: doc.catagory,
    stock: new Map(
      doc.stock
        ? doc.stock.map((entry) => [entry.locationId.toHexString(), entry.quantity])
        : doc.stockQuantity > 0
          ? [[receiving, doc.stockQuantity]]
          : [],
    ),
  });
  const toLocation = (doc: StoredLocation): CountLocation => ({
    _id: doc._id.toHexString(),
    code: doc.code,
    name: doc.name,
    holdsStock: doc.holdsStock,
  });

  /**
   * The books and locations of the lines of the sessions a blind count is running in, and the locations above those
   * (hex ids): a location's subtree total sums the stock counted beneath it.
   */
  // Not `exact`: every GET reads this set first, so while the change stream is down an exact read would put a
  // second database wait before each answer; the age limit bounds how late a session started elsewhere is seen.
  // The locations' changes drop it too, so a shelf moved under another aisle during the count hides that aisle.
  const hidden = cache.define({
    collections: [SESSIONS, LINES, 'locations'],
    maxEntries: 1,
    load: async () => {
      const blind = await sessions.find({ state: 'counting', blind: true }, { projection: { _id: 1 } }).toArray();
      if (!blind.length) return { books: new Set<string>(), locations: new Set<string>(), above: new Set<string>() };
      const found = await lines
        .find({ sessionId: { $in: blind.map((one) => one._id) } }, { projection: { bookId: 1, locationId: 1 } })
        .toArray();
      const counted = new Set(found.map((line) => line.locationId.toHexString()));
      const shelves = await locations.find({ _id: { $in: [...counted].map(oid) } }, { projection: { ancestors: 1 } }).toArray();
      return {
        books: new Set(found.map((line) => line.bookId.toHexString())),
        locations: counted,
        above: new Set(shelves.flatMap((shelf) => shelf.ancestors.map((id) => id.toHexString()))),
      };
    },
  });

  return {
    hidden: () => hidden(),

    newId: () => new ObjectId(),

    /** A line of a session: from its creation, or found during the count (`added`). */
    newLine: (sessionId: ObjectId, book: BookStock, location: CountLocation, added: boolean): LineDoc => ({
      _id: new ObjectId(),
      sessionId,
      bookId: oid(book._id),
      locationId: oid(location._id),
      bookName: book.bookName,
      ...(book.isbn ? { isbn: book.isbn } : {}),
      code: location.code,
      locationName: location.name,
      price: book.price,
      added,
      expected: null,
      counted: null,
      recounted: null,
      countedBy: [],
      recountedBy: [],
      firstCountedAt: null,
      lastCountedAt: null,
      decision: null,
      appliedCurrent: null,
      appliedChange: null,
    }),

    /** The next session number, taken in the transaction that creates the session. */
    async nextNumber(session: Session): Promise<number> {
      const cycleDocs = cycles as unknown as Collection<{ _id: string; last: number }>;
      const doc = await cycleDocs.findOneAndUpdate(
        { _id: SEQUENCE_ID },
        { $inc: { last: 1 } },
        { upsert: true, returnDocument: 'after', session },
      );
      return doc!.last;
    },

    async insertSession(doc: SessionDoc, lineDocs: LineDoc[], session: Session): Promise<void> {
      await writeSessions(sessions.insertOne(doc, { session }), session);
      // In bulk: the caller's transaction is a runBulk one (driver 6.16 refuses bulk writes inside withTransaction).
      await inSlices(lineDocs, (slice) => writeLines(lines.insertMany(slice, { session }), session));
    },

    findSession: (id: string, session?: Session) => sessions.findOne({ _id: oid(id) }, { session }),

    async listSessions(state: CountState | undefined, skip: number, limit: number) {
      const filter: Filter<SessionDoc> = state ? { state } : {};
      const [docs, total] = await Promise.all([
        sessions.find(filter, { sort: { createdAt: -1, _id: -1 }, skip, limit }).toArray(),
        sessions.countDocuments(filter),
      ]);
      return { docs, total };
    },

    /** Moves a session from `from` to `state`, setting `set`; answers the changed session, or null when it was not in `from`. */
    async moveSession(id: string, from: readonly CountState[], state: CountState, set: Partial<SessionDoc>, session: Session) {
      return writeSessions(
        sessions.findOneAndUpdate(
          { _id: oid(id), state: { $in: [...from] } },
          { $set: { ...set, state } },
          { returnDocument: 'after', session },
        ),
        session,
      );
    },

    /** A session's lines, by location code then book name. */
    linesOf: (sessionId: string, session?: Session) =>
      lines.find({ sessionId: oid(sessionId) }, { sort: { code: 1, bookName: 1, _id: 1 }, session }).toArray(),

    findLine: (sessionId: string, bookId: string, locationId: string, session: Session) =>
      lines.findOne({ sessionId: oid(sessionId), bookId: oid(bookId), locationId: oid(locationId) }, { session }),

    /** A new line found during the count; the session's line count follows. */
    async insertLine(doc: LineDoc, session: Session): Promise<void> {
      await writeLines(lines.insertOne(doc, { session }), session);
      await writeSessions(sessions.updateOne({ _id: doc.sessionId }, { $inc: { lineCount: 1 } }, { session }), session);
    },

    /**
     * How many lines of each session have an observation, counted from the lines: a counter on the session would be
     * one document every clerk's first count of a line writes, and concurrent counts would all conflict on it.
     */
    async countedLines(ids: readonly ObjectId[], session?: Session): Promise<Map<string, number>> {
      const rows = lines.aggregate<{ _id: ObjectId; counted: number }>(
        [{ $match: { sessionId: { $in: [...ids] }, counted: { $ne: null } } }, { $group: { _id: '$sessionId', counted: { $sum: 1 } } }],
        { session },
      );
      const byId = new Map<string, number>();
      for await (const row of rows) byId.set(row._id.toHexString(), row.counted);
      return byId;
    },

    /**
     * Adds an observation to its line: the sum moves by `delta`, the first one takes `expected`. Only the line and the
     * observation are written, never the session (countedLines counts the counted lines).
     */
    async observe(
      line: LineDoc,
      { delta, recount, email, at, expected }: { delta: number; recount: boolean; email: string; at: Date; expected: number },
      session: Session,
    ): Promise<LineDoc> {
      const field = recount ? 'recounted' : 'counted';
      const who = recount ? 'recountedBy' : 'countedBy';
      const first = line.counted === null && !recount;
      const next = (line[field] ?? 0) + delta;
      const set: Partial<LineDoc> = {
        [field]: next,
        lastCountedAt: at,
        ...(first ? { expected, firstCountedAt: at } : {}),
      };
      const updated = await writeLines(
        lines.findOneAndUpdate(
          // Conditional on the sum read: a concurrent observation committed since makes this transaction start again.
          { _id: line._id, [field]: line[field] },
          { $set: set, $addToSet: { [who]: email } },
          { returnDocument: 'after', session },
        ),
        session,
      );
      if (!updated) throw new Error('The line changed within the transaction');
      await observations.insertOne({ sessionId: line.sessionId, lineId: line._id, delta, recount, email, at }, { session });
      return updated;
    },

    async decide(decisions: { lineId: ObjectId; decision: DecisionDoc }[], session: Session): Promise<void> {
      await setLines(
        decisions.map(({ lineId, decision }) => [lineId, { decision }]),
        session,
      );
    },

    async markApplied(applied: { lineId: ObjectId; current: number; change: number }[], session: Session): Promise<void> {
      await setLines(
        applied.map(({ lineId, current, change }) => [lineId, { appliedCurrent: current, appliedChange: change }]),
        session,
      );
    },

    /** The books of `ids` and `isbns`, with their copies per location, in the transaction's snapshot. */
    async books(ids: readonly string[], isbns: readonly string[], session?: Session): Promise<BookStock[]> {
      const or: Filter<StoredBook>[] = [];
      if (ids.length) or.push({ _id: { $in: ids.map(oid) } });
      if (isbns.length) or.push({ isbn: { $in: [...isbns] } });
      if (!or.length) return [];
      const receiving = await receivingId(session);
      const docs = await books.find({ $or: or }, { projection: BOOK_FIELDS, session }).toArray();
      return docs.map((doc) => toBookStock(doc, receiving));
    },

    /** The books a scope names that hold copies at `locationIds` (any location: none given), at most `max`. */
    async booksInScope(
      { category, bookIds }: Pick<CountScope, 'category' | 'bookIds'>,
      locationIds: readonly string[] | undefined,
      max: number,
      session: Session,
    ): Promise<BookStock[]> {
      const filter: Filter<StoredBook> = {
        ...(category ? { catagory: category } : {}),
        ...(bookIds ? { _id: { $in: bookIds.map(oid) } } : {}),
        ...(locationIds ? { 'stock.locationId': { $in: locationIds.map(oid) } } : { stockQuantity: { $gt: 0 } }),
      };
      const receiving = await receivingId(session);
      const docs = await books.find(filter, { projection: BOOK_FIELDS, session, limit: max }).toArray();
      return docs.map((doc) => toBookStock(doc, receiving));
    },

    /** The locations of `ids` that exist, by hex id. */
    async locations(ids: readonly string[], session?: Session): Promise<Map<string, CountLocation>> {
      if (!ids.length) return new Map();
      const docs = await locations.find({ _id: { $in: ids.map(oid) } }, { session }).toArray();
      return new Map(docs.map((doc) => [doc._id.toHexString(), toLocation(doc)]));
    },

    /** The locations of `ids` and every location beneath them, by hex id. */
    async subtrees(ids: readonly string[], session?: Session): Promise<Map<string, CountLocation>> {
      const roots = ids.map(oid);
      const docs = await locations.find({ $or: [{ _id: { $in: roots } }, { ancestors: { $in: roots } }] }, { session }).toArray();
      return new Map(docs.map((doc) => [doc._id.toHexString(), toLocation(doc)]));
    },

    /** Stamps when locations were last counted, in the apply's transaction (the books' stamp is the books module's). */
    async stampLocations(locationIds: readonly string[], at: Date, session: Session): Promise<void> {
      if (locationIds.length)
        await locations.updateMany({ _id: { $in: locationIds.map(oid) } }, { $set: { lastCountedAt: at } }, { session });
    },

    /** The cycles (not the sequence). */
    cycles: () => cycles.find({ _id: { $ne: SEQUENCE_ID } }).toArray(),

    async setCycle(doc: Omit<CycleDoc, 'lastCountedAt'>, lastCountedAt: Date | null): Promise<void> {
      await cycles.updateOne({ _id: doc._id }, { $set: doc, $setOnInsert: { lastCountedAt } }, { upsert: true });
    },

    removeCycle: (id: string) => cycles.deleteOne({ _id: id }),

    /** Marks the cycles a session covered as counted at `at`. */
    async cyclesCounted(ids: readonly string[], at: Date, session: Session): Promise<void> {
      if (ids.length) await cycles.updateMany({ _id: { $in: [...ids] } }, { $set: { lastCountedAt: at } }, { session });
    },

    /** The applied sessions between `from` and `to`, oldest first. */
    applied: (from: Date | undefined, to: Date | undefined) =>
      sessions
        .find(
          { state: 'applied', ...(from || to ? { appliedAt: { ...(from ? { $gte: from } : {}), ...(to ? { $lte: to } : {}) } } : {}) },
          { sort: { appliedAt: 1, _id: 1 } },
        )
        .toArray(),

    /** The lines of several sessions. */
    linesOfSessions: (ids: readonly ObjectId[]) =>
      lines.find({ sessionId: { $in: [...ids] } }, { sort: { sessionId: 1, code: 1, bookName: 1 } }).toArray(),
  };
}

export type CountsRepository = ReturnType<typeof createCountsRepository>;
