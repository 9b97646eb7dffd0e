import {
  COUNT_REASONS,
  countTask,
  hyphenatedIsbn,
  MAX_COUNT_LINES,
  type CountCycle,
  type CountCycleSetting,
  type CountDecisions,
  type CountDetail,
  type CountFigures,
  type CountLine,
  type CountListQuery,
  type CountObservationResult,
  type CountReason,
  type CountReport,
  type CountReportQuery,
  type CountSession,
  type CountSessionReport,
  type CountState,
  type CountTolerance,
  type NewCount,
  type NewCountObservation,
} from '@book-warehouse/types';
import type { AuthUser, Caller } from '../../lib/auth-user';
import type { Session, Transactions } from '../../lib/database-transaction';
import type { Clock } from '../../lib/display-time';
import { AppError, notFound } from '../../lib/errors';
import { oneAtATimePerKey } from '../../lib/one-at-a-time';
import type { BooksService } from '../books/books.service';
import type { HistoryService } from '../history/history.service';
import type { BookStock, CountLocation, CountsRepository, CycleDoc, DecisionDoc, LineDoc, SessionDoc } from './counts.repository';

type Observation = Omit<NewCountObservation, 'recount'> & { recount: boolean };
type Adjustment = Parameters<BooksService['applyCount']>[1][number];

/** A row of GET /counts/report/export.csv. */
export type CountExportRow = Record<
  'session' | 'appliedAt' | 'book' | 'isbn' | 'location' | 'expected' | 'counted' | 'change' | 'value' | 'decision' | 'reason' | 'note',
  string | number
>;

/** Only admins see expected quantities while a blind session counts (docs/decisions/027-counting-against-the-shelf.md). */
const seesEverything = (caller: Caller | undefined) => caller?.role === 'admin';

const iso = (date: Date | undefined | null) => (date ? date.toISOString() : undefined);
const cents = (value: number) => Math.round(value * 100) / 100;
const DUPLICATE_KEY = 11000;

/** Whether a variance is within the tolerance: `units` copies, or `percent` of the expected quantity, whichever allows more. */
function withinTolerance(variance: number, expected: number, { units, percent }: CountTolerance): boolean {
  return Math.abs(variance) <= Math.max(units ?? 0, ((percent ?? 0) * expected) / 100);
}

function toSession(doc: SessionDoc, countedLineCount: number): CountSession {
  return {
    _id: doc._id.toHexString(),
    number: doc.number,
    state: doc.state,
    scope: doc.scope,
    blind: doc.blind,
    tolerance: doc.tolerance,
    ...(doc.note ? { note: doc.note } : {}),
    createdBy: doc.createdBy,
    createdAt: doc.createdAt.toISOString(),
    ...(doc.startedAt ? { startedAt: iso(doc.startedAt) } : {}),
    ...(doc.reviewAt ? { reviewAt: iso(doc.reviewAt) } : {}),
    ...(doc.appliedAt ? { appliedAt: iso(doc.appliedAt), appliedBy: doc.appliedBy } : {}),
    ...(doc.cancelledAt ? { cancelledAt: iso(doc.cancelledAt), cancelledBy: doc.cancelledBy } : {}),
    lineCount: doc.lineCount,
    countedLineCount,
  };
}

/** A line's final count: a recount by a different clerk replaces the first count. */
const finalOf = (line: Pick<LineDoc, 'counted' | 'recounted'>) => line.recounted ?? line.counted;

/** Whether expected figures are withheld from this caller: a blind session counting, and not an admin. */
const hides = (session: SessionDoc, reveal: boolean) => session.blind && session.state === 'counting' && !reveal;

/**
 * A line as answered. `current` is the location's quantity now (null when not read); once applied, the one the apply
 * found. While hidden, everything that reveals the expected quantity is null.
 */
function lineView(line: LineDoc, session: SessionDoc, reveal: boolean, current: number | null): CountLine {
  const hidden = hides(session, reveal);
  const final = finalOf(line);
  const now = line.appliedCurrent ?? current;
  const variance = !hidden && line.expected !== null && final !== null ? final - line.expected : null;
  const firstWithin =
    line.expected !== null && line.counted !== null
      ? withinTolerance(line.counted - line.expected, line.expected, session.tolerance)
      : true;
  return {
    _id: line._id.toHexString(),
    bookId: line.bookId.toHexString(),
    bookName: line.bookName,
    ...(line.isbn ? { isbn: line.isbn } : {}),
    locationId: line.locationId.toHexString(),
    code: line.code,
    locationName: line.locationName,
    price: line.price,
    added: line.added,
    hidden,
    expected: hidden ? null : line.expected,
    counted: line.counted,
    recounted: line.recounted,
    countedBy: line.countedBy,
    recountedBy: line.recountedBy,
    firstCountedAt: iso(line.firstCountedAt) ?? null,
    lastCountedAt: iso(line.lastCountedAt) ?? null,
    current: hidden ? null : now,
    variance,
    varianceValue: variance === null ? null : cents(variance * line.price),
    withinTolerance: variance === null ? null : withinTolerance(variance, line.expected!, session.tolerance),
    needsRecount: !hidden && !firstWithin && line.recounted === null,
    flagged: !hidden && line.expected !== null && now !== null && now !== line.expected,
    decision: line.decision && { ...line.decision, at: line.decision.at.toISOString() },
    appliedChange: line.appliedChange,
  };
}

const ZERO_FIGURES = { lines: 0, netUnits: 0, absoluteUnits: 0, netValue: 0, absoluteValue: 0 };

/**
 * The figures of lines: counted lines, those within tolerance, and the variances that were (or would be) applied,
 * by reason. A zeroed uncounted line's variance is the quantity the apply removed.
 */
function figuresOf(lines: readonly LineDoc[], tolerance: (line: LineDoc) => CountTolerance): CountFigures {
  const sum = { ...ZERO_FIGURES };
  const byReason = new Map<CountReason, typeof ZERO_FIGURES>();
  let linesCounted = 0;
  let linesWithinTolerance = 0;
  for (const line of lines) {
    const final = finalOf(line);
    if (final !== null && line.expected !== null) {
      linesCounted++;
      if (withinTolerance(final - line.expected, line.expected, tolerance(line))) linesWithinTolerance++;
    }
    const units =
      line.appliedChange ?? (line.decision?.action === 'accept' && final !== null && line.expected !== null ? final - line.expected : 0);
    if (!units) continue;
    const value = units * line.price;
    const add = (to: typeof ZERO_FIGURES) => {
      to.lines++;
      to.netUnits += units;
      to.absoluteUnits += Math.abs(units);
      to.netValue = cents(to.netValue + value);
      to.absoluteValue = cents(to.absoluteValue + Math.abs(value));
    };
    add(sum);
    const reason = line.decision?.reason ?? 'other';
    if (!byReason.has(reason)) byReason.set(reason, { ...ZERO_FIGURES });
    add(byReason.get(reason)!);
  }
  return {
    ...sum,
    linesCounted,
    linesWithinTolerance,
    accuracy: linesCounted ? linesWithinTolerance / linesCounted : null,
    byReason: COUNT_REASONS.filter((reason) => byReason.has(reason)).map((reason) => ({ reason, ...byReason.get(reason)! })),
  };
}

export function createCountsService(deps: {
  counts: CountsRepository;
  books: BooksService;
  history: HistoryService;
  transactions: Transactions;
  clock: Clock;
}) {
  const { counts, books, history, transactions, clock } = deps;
  /**
   * The observations of one session at one location take turns within this process: they write the same lines, so
   * side by side all but one would conflict and start again, and a shelf scanned by several clerks ran out of the
   * deadline. Across instances they still conflict, and the transaction runs again.
   */
  const turns = oneAtATimePerKey();

  const sessionOf = async (id: string, session?: Session): Promise<SessionDoc> => {
    const doc = await counts.findSession(id, session);
    if (!doc) throw notFound('Count session');
    return doc;
  };

  const wrongState = (doc: SessionDoc, wanted: string) =>
    new AppError('conflict', 409, `Count ${doc.number} is ${doc.state}: it must be ${wanted}`, { state: `is ${doc.state}` });

  /** A session's lines with each location's quantity now (none once applied, whose lines keep the quantity they found). */
  const detailOf = async (doc: SessionDoc, reveal: boolean, session?: Session): Promise<CountDetail> => {
    const lines = await counts.linesOf(doc._id.toHexString(), session);
    const stock =
      doc.state === 'applied' || hides(doc, reveal)
        ? new Map<string, BookStock>()
        : new Map((await counts.books([...new Set(lines.map((line) => line.bookId.toHexString()))], [], session)).map((b) => [b._id, b]));
    const currentOf = (line: LineDoc) =>
      stock.get(line.bookId.toHexString())?.stock.get(line.locationId.toHexString()) ?? (stock.size ? 0 : null);
    const counted = lines.filter((line) => line.counted !== null).length;
    return { ...toSession(doc, counted), lines: lines.map((line) => lineView(line, doc, reveal, currentOf(line))) };
  };

  /** A session with how many of its lines are counted. */
  const summaryOf = async (doc: SessionDoc, session?: Session): Promise<CountSession> =>
    toSession(doc, (await counts.countedLines([doc._id], session)).get(doc._id.toHexString()) ?? 0);

  /** Records a state change in the history, in its transaction. */
  const recordState = (user: AuthUser, doc: SessionDoc, task: string, session: Session) =>
    history.record(user, `Count ${doc.number}`, task, session, { countId: doc._id.toHexString() });

  /** Moves a session from `from` to `to` in one transaction with its history entry; answers what `answer` makes of it. */
  const move = <T>(
    user: AuthUser,
    id: string,
    from: readonly CountState[],
    to: CountState,
    set: (now: Date) => Partial<SessionDoc>,
    task: (n: number) => string,
    answer: (doc: SessionDoc, session: Session) => Promise<T>,
  ) =>
    transactions.run(async (session) => {
      const doc = await sessionOf(id, session);
      if (!from.includes(doc.state)) throw wrongState(doc, from.join(' or '));
      const moved = await counts.moveSession(id, from, to, set(clock()), session);
      if (!moved) throw wrongState(doc, from.join(' or '));
      await recordState(user, moved, task(moved.number), session);
      return answer(moved, session);
    });

  /** The location ids a scope covers (with everything beneath its locations that holds stock); undefined: any location. */
  const scopeLocations = async (locationIds: readonly string[] | undefined, session?: Session) => {
    if (!locationIds) return undefined;
    const all = await counts.subtrees(locationIds, session);
    return new Map([...all].filter(([, location]) => location.holdsStock));
  };

  /** Runs `work` again once when a concurrent request inserted the same new line first (the unique index). */
  const retryingDuplicate = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if ((error as { code?: unknown }).code === DUPLICATE_KEY) return work();
      throw error;
    }
  };

  /** The observation's line: found, or new when the book is found where none was expected and the scope allows it. */
  async function lineFor(doc: SessionDoc, book: BookStock, location: CountLocation, recount: boolean, session: Session): Promise<LineDoc> {
    const found = await counts.findLine(doc._id.toHexString(), book._id, location._id, session);
    if (found) return found;
    if (recount) throw new AppError('conflict', 409, `'${book.bookName}' was not counted at ${location.code}: there is nothing to recount`);
    const inScope = await scopeLocations(doc.scope.locationIds, session);
    if (inScope && !inScope.has(location._id)) {
      throw new AppError('validation_failed', 400, `Invalid body: locationId: ${location.code} is outside the session's scope`, {
        locationId: `${location.code} is outside the session's scope`,
      });
    }
    const bookField = doc.scope.bookIds || doc.scope.category ? outsideBook(doc, book) : undefined;
    if (bookField) throw new AppError('validation_failed', 400, `Invalid body: bookId: ${bookField}`, { bookId: bookField });
    if (doc.lineCount >= MAX_COUNT_LINES) throw new AppError('conflict', 409, `Count ${doc.number} holds ${MAX_COUNT_LINES} lines already`);
    const line = counts.newLine(doc._id, book, location, true);
    await counts.insertLine(line, session);
    return line;
  }

  const outsideBook = (doc: SessionDoc, book: BookStock): string | undefined => {
    if (doc.scope.bookIds && !doc.scope.bookIds.some((id) => id.toLowerCase() === book._id))
      return `'${book.bookName}' is outside the session's scope`;
    if (doc.scope.category && doc.scope.category !== book.catagory)
      return `'${book.bookName}' is not in the category ${doc.scope.category}`;
    return undefined;
  };

  /** Why a decision is refused (400 or 409, with its field), or undefined. */
  function refusal(
    line: LineDoc,
    tolerance: CountTolerance,
    action: string,
    reason: CountReason | undefined,
  ): [400 | 409, string, string] | undefined {
    const final = finalOf(line);
    if (action === 'accept') {
      if (line.counted === null) return [409, 'action', 'the line is uncounted: leave it or set it to 0'];
      const first = line.counted - line.expected!;
      if (!withinTolerance(first, line.expected!, tolerance) && line.recounted === null) {
        return [409, 'action', 'the count is beyond the tolerance: a different clerk must recount it first'];
      }
      if (final !== line.expected && !reason) return [400, 'reason', 'is required when the count differs'];
    }
    if (action === 'zero') {
      if (line.counted !== null) return [409, 'action', 'the line is counted: accept or leave it'];
      if (!reason) return [400, 'reason', 'is required to set a line to 0'];
    }
    return undefined;
  }

  /** Every cycle with when it is due; `dueOnly` keeps the due ones. The most overdue first. */
  async function cycles(dueOnly: boolean): Promise<CountCycle[]> {
    const docs = await counts.cycles();
    const located = await counts.locations(docs.flatMap((doc) => (doc.locationId ? [doc.locationId] : [])));
    const now = clock().getTime();
    const day = 24 * 60 * 60 * 1000;
    const all = docs.flatMap((doc): CountCycle[] => {
      const location = doc.locationId && located.get(doc.locationId);
      if (doc.locationId && !location) return [];
      const dueAt = doc.lastCountedAt ? new Date(doc.lastCountedAt.getTime() + doc.intervalDays * day) : null;
      return [
        {
          ...(location ? { locationId: location._id, code: location.code, name: location.name } : { category: doc.category! }),
          intervalDays: doc.intervalDays,
          lastCountedAt: iso(doc.lastCountedAt) ?? null,
          dueAt: iso(dueAt) ?? null,
          due: !dueAt || dueAt.getTime() <= now,
          scope: location ? { locationIds: [location._id] } : { category: doc.category! },
        },
      ];
    });
    const rank = (cycle: CountCycle) => (cycle.dueAt ? new Date(cycle.dueAt).getTime() : -Infinity);
    return all.filter((cycle) => !dueOnly || cycle.due).sort((a, b) => rank(a) - rank(b));
  }

  /** The applied sessions between `from` and `to` (a date alone covers its whole day, UTC), and their lines. */
  async function appliedBetween({ from, to }: CountReportQuery) {
    const end = to && /^\d{4}-\d{2}-\d{2}$/.test(to) ? `${to}T23:59:59.999Z` : to;
    const sessions = await counts.applied(from ? new Date(from) : undefined, end ? new Date(end) : undefined);
    const lines = sessions.length ? await counts.linesOfSessions(sessions.map((one) => one._id)) : [];
    return { sessions, lines };
  }

  /** The request's Idempotency-Key answer commits with the bulk writes (lib/database-transaction.ts). */
  const IDEMPOTENT = { request: true };

  return {
    seesEverything,

    /** The books and locations of the lines of blind sessions counting (the reads hide their quantities). */
    hidden: () => counts.hidden(),

    /** A session and its lines (up to MAX_COUNT_LINES), written in bulk: runBulk gives each write the deadline. */
    create: (user: AuthUser, input: NewCount & { blind: boolean; tolerance: CountTolerance }) =>
      transactions.runBulk(async (session): Promise<CountDetail> => {
        const { scope } = input;
        if (scope.locationIds) {
          const named = await counts.locations(scope.locationIds, session);
          const missing = scope.locationIds.filter((id) => !named.has(id.toLowerCase()));
          if (missing.length) {
            const why = `no location has the id ${missing[0]}`;
            throw new AppError('validation_failed', 400, `Invalid body: scope.locationIds: ${why}`, { 'scope.locationIds': why });
          }
        }
        if (scope.bookIds) {
          const known = new Set((await counts.books(scope.bookIds, [], session)).map((book) => book._id));
          const missing = scope.bookIds.find((id) => !known.has(id.toLowerCase()));
          if (missing) {
            const why = `no book has the id ${missing}`;
            throw new AppError('validation_failed', 400, `Invalid body: scope.bookIds: ${why}`, { 'scope.bookIds': why });
          }
        }
        const inScope = await scopeLocations(scope.locationIds, session);
        const found = await counts.booksInScope(scope, inScope && [...inScope.keys()], MAX_COUNT_LINES + 1, session);
        const pairs = found.flatMap((book) =>
          [...book.stock.keys()].filter((id) => !inScope || inScope.has(id)).map((locationId) => ({ book, locationId })),
        );
        if (pairs.length > MAX_COUNT_LINES) {
          throw new AppError('conflict', 409, `The scope holds more than ${MAX_COUNT_LINES} lines: count a narrower one`, {
            scope: `holds more than ${MAX_COUNT_LINES} lines`,
          });
        }
        const located = inScope ?? (await counts.locations([...new Set(pairs.map((pair) => pair.locationId))], session));
        const now = clock();
        const doc: SessionDoc = {
          _id: counts.newId(),
          number: await counts.nextNumber(session),
          state: 'draft',
          scope,
          blind: input.blind,
          tolerance: input.tolerance,
          ...(input.note ? { note: input.note } : {}),
          createdBy: user.email,
          createdAt: now,
          lineCount: pairs.length,
        };
        await counts.insertSession(
          doc,
          pairs.map(({ book, locationId }) => counts.newLine(doc._id, book, located.get(locationId)!, false)),
          session,
        );
        await recordState(user, doc, countTask.created(doc.number), session);
        return detailOf(doc, true, session);
      }, IDEMPOTENT),

    async list({ state, page, limit }: CountListQuery): Promise<{ items: CountSession[]; total: number }> {
      const { docs, total } = await counts.listSessions(state, page * limit, limit);
      const counted = await counts.countedLines(docs.map((doc) => doc._id));
      return { items: docs.map((doc) => toSession(doc, counted.get(doc._id.toHexString()) ?? 0)), total };
    },

    get: async (id: string, caller: Caller | undefined) => detailOf(await sessionOf(id), seesEverything(caller)),

    start: (user: AuthUser, id: string) =>
      move(user, id, ['draft'], 'counting', (now) => ({ startedAt: now }), countTask.started, summaryOf),

    review: (user: AuthUser, id: string) =>
      move(
        user,
        id,
        ['counting'],
        'review',
        (now) => ({ reviewAt: now }),
        countTask.review,
        (doc, session) => detailOf(doc, true, session),
      ),

    cancel: (user: AuthUser, id: string) =>
      move(
        user,
        id,
        ['draft', 'counting', 'review'],
        'cancelled',
        (now) => ({ cancelledAt: now, cancelledBy: user.email }),
        countTask.cancelled,
        summaryOf,
      ),

    /**
     * One observation, in one transaction: the line (new if the book was found where none was expected) takes its
     * expected quantity at its first count and sums its observations, conditional on the sum read, so concurrent scans
     * through any instance all count.
     */
    observe: (user: Caller, id: string, input: Observation) =>
      turns(`${id}:${input.locationId}`.toLowerCase(), () =>
        retryingDuplicate(() =>
          transactions.run(async (session): Promise<CountObservationResult> => {
            const doc = await sessionOf(id, session);
            if (input.recount ? doc.state !== 'review' : doc.state !== 'counting') {
              throw wrongState(doc, input.recount ? 'in review to recount' : 'counting');
            }
            const [book] = await counts.books(input.bookId ? [input.bookId] : [], input.isbn ? [input.isbn] : [], session);
            if (!book) {
              const [field, why] = input.bookId
                ? ['bookId', `no book has the id ${input.bookId}`]
                : ['isbn', `no book has the ISBN ${hyphenatedIsbn(input.isbn!)}`];
              throw new AppError('validation_failed', 400, `Invalid body: ${field}: ${why}`, { [field]: why });
            }
            const location = (await counts.locations([input.locationId], session)).get(input.locationId.toLowerCase());
            if (!location?.holdsStock) {
              const why = location ? `${location.code} cannot hold stock` : `no location has the id ${input.locationId}`;
              throw new AppError('validation_failed', 400, `Invalid body: locationId: ${why}`, { locationId: why });
            }
            const line = await lineFor(doc, book, location, input.recount, session);
            if (input.recount) {
              if (line.counted === null)
                throw new AppError('conflict', 409, `'${book.bookName}' at ${location.code} is uncounted: nothing to recount`);
              if (withinTolerance(line.counted - line.expected!, line.expected!, doc.tolerance)) {
                throw new AppError('conflict', 409, `'${book.bookName}' at ${location.code} is within the tolerance: it needs no recount`);
              }
              if (line.countedBy.includes(user.email)) {
                throw new AppError(
                  'conflict',
                  409,
                  `You counted '${book.bookName}' at ${location.code}: a different clerk must recount it`,
                  {
                    recount: 'must come from a clerk who did not count the line',
                  },
                );
              }
            }
            const delta = input.delta ?? input.quantity!;
            const sum = (input.recount ? line.recounted : line.counted) ?? 0;
            if (sum + delta < 0) {
              throw new AppError(
                'conflict',
                409,
                `'${book.bookName}' at ${location.code} is counted ${sum}: ${delta} would take it below 0`,
                {
                  delta: `would take the count below 0 (it is ${sum})`,
                },
              );
            }
            const current = book.stock.get(location._id) ?? 0;
            const updated = await counts.observe(
              line,
              { delta, recount: input.recount, email: user.email, at: clock(), expected: current },
              session,
            );
            return { line: lineView(updated, doc, seesEverything(user), current), delta, recount: input.recount };
          }),
        ),
      ),

    /** Decisions on lines in review, all or none; the session is written too, so an apply running meanwhile conflicts. */
    decide: (user: AuthUser, id: string, { decisions }: CountDecisions) =>
      transactions.runBulk(async (session): Promise<CountDetail> => {
        const doc = await sessionOf(id, session);
        if (doc.state !== 'review') throw wrongState(doc, 'in review');
        const lines = new Map((await counts.linesOf(id, session)).map((line) => [line._id.toHexString(), line]));
        const fields: Record<string, string> = {};
        let status = 409 as 400 | 409;
        const at = clock();
        const writes = decisions.flatMap((decision, i) => {
          const line = lines.get(decision.lineId.toLowerCase());
          if (!line) {
            fields[`decisions.${i}.lineId`] = 'is not a line of this session';
            status = 400;
            return [];
          }
          const refused = refusal(line, doc.tolerance, decision.action, decision.reason);
          if (refused) {
            const [code, field, why] = refused;
            fields[`decisions.${i}.${field}`] = why;
            if (code === 400) status = 400;
            return [];
          }
          const stored: DecisionDoc = {
            action: decision.action,
            ...(decision.reason ? { reason: decision.reason } : {}),
            ...(decision.note ? { note: decision.note } : {}),
            by: user.email,
            at,
          };
          return [{ lineId: line._id, decision: stored }];
        });
        const refused = Object.entries(fields);
        if (refused.length) {
          const [field, why] = refused[0]!;
          const more = refused.length > 1 ? ` (and ${refused.length - 1} more)` : '';
          throw new AppError(
            status === 400 ? 'validation_failed' : 'conflict',
            status,
            `Nothing was decided. ${field} ${why}${more}.`,
            fields,
          );
        }
        await counts.decide(writes, session);
        const moved = await counts.moveSession(id, ['review'], 'review', {}, session);
        if (!moved) throw wrongState(doc, 'in review');
        return detailOf(moved, true, session);
      }, IDEMPOTENT),

    /**
     * The apply, in one transaction with the stock changes (books.service.ts, applyCount): each accepted line sets its
     * location to current + (counted - expected), each zeroed one to 0, each left one stays; all of it or none.
     */
    async apply(user: AuthUser, id: string): Promise<CountDetail> {
      const doc = await sessionOf(id);
      if (doc.state !== 'review') throw wrongState(doc, 'in review');
      const lines = await counts.linesOf(id);
      const undecided = lines.filter((line) => !line.decision && (finalOf(line) === null || finalOf(line) !== line.expected));
      if (undecided.length) {
        throw new AppError(
          'conflict',
          409,
          `Nothing was applied: ${undecided.length} ${undecided.length === 1 ? 'line is' : 'lines are'} undecided (uncounted, or counted with a difference)`,
          Object.fromEntries(
            undecided.slice(0, 100).map((line) => [`lines.${line._id.toHexString()}`, `'${line.bookName}' at ${line.code} is undecided`]),
          ),
        );
      }
      const found = new Map<string, { current: number; change: number }>();
      const adjustments: Adjustment[] = lines
        .filter((line) => line.counted !== null || line.decision?.action === 'zero')
        .map((line) => ({
          bookId: line.bookId.toHexString(),
          locationId: line.locationId.toHexString(),
          count: {
            countId: id.toLowerCase(),
            ...(line.decision?.reason ? { reason: line.decision.reason } : {}),
            ...(line.decision?.note ? { note: line.decision.note } : {}),
          },
          to: (current) => {
            const action = line.decision?.action ?? 'accept';
            const target = action === 'zero' ? 0 : action === 'leave' ? current : current + finalOf(line)! - line.expected!;
            if (target < 0) {
              throw new AppError(
                'conflict',
                409,
                `Nothing was applied: '${line.bookName}' at ${line.code} holds ${current}, which would go below 0`,
                {
                  [`lines.${line._id.toHexString()}`]: `would take ${line.code} below 0`,
                },
              );
            }
            found.set(line._id.toHexString(), { current, change: target - current });
            return target;
          },
        }));
      const countedBooks = lines.filter((line) => line.counted !== null).map((line) => line.bookId.toHexString());
      return books.applyCount(user, adjustments, countedBooks, async (session, at) => {
        const moved = await counts.moveSession(id, ['review'], 'applied', { appliedAt: at, appliedBy: user.email }, session);
        if (!moved) throw wrongState(await sessionOf(id, session), 'in review');
        await counts.markApplied(
          lines.flatMap((line) => {
            const applied = found.get(line._id.toHexString());
            return applied ? [{ lineId: line._id, ...applied }] : [];
          }),
          session,
        );
        const countedLocations = [...new Set(lines.filter((line) => line.counted !== null).map((line) => line.locationId.toHexString()))];
        await counts.stampLocations(countedLocations, at, session);
        await counts.cyclesCounted(
          [
            ...new Set([...(doc.scope.locationIds ?? []), ...countedLocations].map((one) => `location:${one.toLowerCase()}`)),
            ...(doc.scope.category ? [`category:${doc.scope.category}`] : []),
          ],
          at,
          session,
        );
        await recordState(user, moved, countTask.applied(moved.number), session);
        return detailOf(moved, true, session);
      });
    },

    async sessionReport(id: string, caller: Caller | undefined): Promise<CountSessionReport> {
      const doc = await sessionOf(id);
      const lines = hides(doc, seesEverything(caller)) ? [] : await counts.linesOf(id);
      return {
        sessionId: doc._id.toHexString(),
        number: doc.number,
        state: doc.state,
        ...(doc.appliedAt ? { appliedAt: doc.appliedAt.toISOString() } : {}),
        ...figuresOf(lines, () => doc.tolerance),
      };
    },

    /** The applied sessions between `from` and `to`, each with its figures, and their sum. */
    async report(query: CountReportQuery): Promise<CountReport> {
      const { sessions, lines } = await appliedBetween(query);
      const toleranceOf = new Map(sessions.map((one) => [one._id.toHexString(), one.tolerance]));
      return {
        ...figuresOf(lines, (line) => toleranceOf.get(line.sessionId.toHexString())!),
        sessions: sessions.map((one) => ({
          sessionId: one._id.toHexString(),
          number: one.number,
          state: one.state,
          appliedAt: one.appliedAt!.toISOString(),
          ...figuresOf(
            lines.filter((line) => line.sessionId.equals(one._id)),
            () => one.tolerance,
          ),
        })),
      };
    },

    /** The CSV export's rows: each counted or decided line of the sessions applied between `from` and `to`. */
    async exportRows(query: CountReportQuery): Promise<CountExportRow[]> {
      const { sessions, lines } = await appliedBetween(query);
      const byId = new Map(sessions.map((one) => [one._id.toHexString(), one]));
      return lines
        .filter((line) => line.counted !== null || line.decision)
        .map((line) => {
          const one = byId.get(line.sessionId.toHexString())!;
          const final = finalOf(line);
          return {
            session: one.number,
            appliedAt: one.appliedAt!.toISOString(),
            book: line.bookName,
            isbn: line.isbn ?? '',
            location: line.code,
            expected: line.expected ?? '',
            counted: final ?? '',
            change: line.appliedChange ?? 0,
            value: cents((line.appliedChange ?? 0) * line.price),
            decision: line.decision?.action ?? '',
            reason: line.decision?.reason ?? '',
            note: line.decision?.note ?? '',
          };
        });
    },

    cycles,

    /** Sets (or, with null, stops) how often a location or category is counted; answers every cycle. */
    async setCycle(input: CountCycleSetting): Promise<CountCycle[]> {
      let doc: Omit<CycleDoc, 'lastCountedAt'>;
      if (input.locationId) {
        const location = (await counts.locations([input.locationId])).get(input.locationId.toLowerCase());
        if (!location) {
          const why = `no location has the id ${input.locationId}`;
          throw new AppError('validation_failed', 400, `Invalid body: locationId: ${why}`, { locationId: why });
        }
        doc = { _id: `location:${location._id}`, locationId: location._id, intervalDays: input.intervalDays ?? 0 };
      } else {
        doc = { _id: `category:${input.category!}`, category: input.category!, intervalDays: input.intervalDays ?? 0 };
      }
      if (input.intervalDays === null) await counts.removeCycle(doc._id);
      else await counts.setCycle(doc, null);
      return cycles(false);
    },
  };
}

export type CountsService = ReturnType<typeof createCountsService>;
