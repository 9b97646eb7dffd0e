import {
  locationTask,
  MAX_LOCATION_DEPTH,
  QUANTITY_SORT_ROWS,
  RECEIVING_CODE,
  TOTAL_COUNT_HEADER,
  TOTAL_QUANTITY_HEADER,
  type FieldChange,
  type Location,
  type LocationDetail,
  type LocationListQuery,
  type LocationPatchSchema,
  type LocationStockItem,
  type LocationStockQuery,
  type NewLocationSchema,
} from '@book-warehouse/types';
import type { z } from 'zod';
import { Answer } from '../../lib/answer';
import type { AuthUser } from '../../lib/auth-user';
import type { Cache } from '../../lib/cache';
import type { Change } from '../../lib/database-changes';
import { LOCATION_COUNTERS_COLLECTION, LOCATIONS_COLLECTION, STOCK_WRITE_FIELDS, type LocationDoc } from '../../lib/database-locations';
import type { Session, Transactions } from '../../lib/database-transaction';
import type { Clock } from '../../lib/display-time';
import { AppError, notFound } from '../../lib/errors';
import type { HistoryService } from '../history/history.service';
import {
  CodeTaken,
  LISTED_BOOK_FIELDS,
  isTransactionTooLarge,
  type LocationsRepository,
  type StoredLocation,
} from './locations.repository';

type NewLocation = z.output<typeof NewLocationSchema>;
type LocationPatch = z.output<typeof LocationPatchSchema>;

const conflict = (message: string, field: string, reason: string) => new AppError('conflict', 409, message, { [field]: reason });
const invalid = (message: string, field: string, reason: string) => new AppError('validation_failed', 400, message, { [field]: reason });
const codeTaken = (code: string) => conflict(`The code ${code} is taken by another location`, 'code', 'is taken');
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** Code order, as stored (upper-case ASCII): the same in every locale. */
const byCode = (a: StoredLocation, b: StoredLocation) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);

/** The tree in memory: each location's children in code order. */
function childrenOf(all: StoredLocation[]): Map<string | null, StoredLocation[]> {
  const children = new Map<string | null, StoredLocation[]>();
  for (const location of all) children.set(location.parentId, [...(children.get(location.parentId) ?? []), location]);
  for (const list of children.values()) list.sort(byCode);
  return children;
}

/** A location and everything beneath it, given the tree. */
function subtreeOf(location: StoredLocation, children: Map<string | null, StoredLocation[]>): StoredLocation[] {
  const found = [location];
  for (let i = 0; i < found.length; i++) found.push(...(children.get(found[i]!._id) ?? []));
  return found;
}

/** The counts of a subtree's locations, summed: its rows (books per location) and copies. */
const summed = (subtree: StoredLocation[]) =>
  subtree.reduce((sum, l) => ({ rows: sum.rows + l.counts.bookCount, quantity: sum.quantity + l.counts.quantity }), {
    rows: 0,
    quantity: 0,
  });

/** A location as answered, with what its subtree holds (the counters the stock writes keep). */
function answer(location: StoredLocation, children: Map<string | null, StoredLocation[]>): Location {
  const subtreeQuantity = summed(subtreeOf(location, children)).quantity;
  return {
    _id: location._id,
    code: location.code,
    name: location.name,
    parentId: location.parentId,
    holdsStock: location.holdsStock,
    depth: location.ancestorIds.length + 1,
    ancestorIds: location.ancestorIds,
    quantity: location.counts.quantity,
    subtreeQuantity,
    childCount: children.get(location._id)?.length ?? 0,
    ...(location.createdAt ? { createdAt: location.createdAt.toISOString() } : {}),
    ...(location.updatedAt ? { updatedAt: location.updatedAt.toISOString() } : {}),
  };
}

/** A location as answered, given it and everything beneath it (itself first). */
const answerOfSubtree = (subtree: [StoredLocation, ...StoredLocation[]]): Location => answer(subtree[0], childrenOf(subtree));

/**
 * The stock listing's pages read last that are cached, and the JSON they hold together: a page of 20 rows is about
 * 4 kB, so a warehouse's busy shelves and aisles fit (a read rotating through more keys than held misses every time).
 */
const CACHED_STOCK_PAGES = 4096;
const CACHED_STOCK_BYTES = 16 * 1024 * 1024;

/** The name of the stock listing's pages that count RECEIVING, whose counters are in shards of their own. */
const RECEIVING_TAG = 'receiving';

/**
 * Which of the stock listing's cached pages a change drops (lib/cache.ts `dropOnly`; docs/decisions/034-location-pages-dropped-by-location.md).
 * A stock write changes its books and, in the same transaction, the counters of every location whose copies it
 * changed: a book's update that changes none of the fields the listing shows drops nothing, and a counter's change
 * drops the pages of its location and of every location above it. Any other change drops every page.
 */
const STOCK_LISTING_DROPS: Record<string, (change: Change) => string[] | undefined> = {
  books: ({ op, changed }) =>
    op === 'update' && changed?.every((field) => !LISTED_BOOK_FIELDS.includes(field.split('.')[0]!)) ? [] : undefined,
  [LOCATIONS_COLLECTION]: ({ op, changed, doc }) => {
    if (op !== 'update' || !doc || !changed?.every((field) => STOCK_WRITE_FIELDS.includes(field))) return undefined;
    const { _id, ancestors } = doc as LocationDoc;
    return [_id, ...ancestors].map((id) => id.toHexString());
  },
  [LOCATION_COUNTERS_COLLECTION]: () => [RECEIVING_TAG],
};

/**
 * The locations tree (docs/rules.md, Locations): codes unique and upper-case, at most MAX_LOCATION_DEPTH levels,
 * no cycle, and no location lost with copies or children in it. Each change commits with its history entry.
 */
export function createLocationsService(deps: {
  locations: LocationsRepository;
  history: HistoryService;
  transactions: Transactions;
  clock: Clock;
  cache: Cache;
}) {
  const { locations, history, transactions, clock, cache } = deps;

  /** Runs `work` in a transaction, a code taken by a concurrent write answered as the 409 it is. */
  const inTransaction = async <T>(code: string | undefined, work: (session: Session) => Promise<T>): Promise<T> => {
    try {
      return await transactions.run(work);
    } catch (error) {
      if (error instanceof CodeTaken) throw codeTaken(code ?? '');
      throw error;
    }
  };

  /** The 409 of a move whose rewrite of the books' stock paths was more than one transaction holds (decision 035). */
  const tooManyToMove = async (location: StoredLocation) => {
    const books = plural(await locations.booksBeneath(location._id), 'book', 'books');
    return conflict(
      `Location ${location.code} cannot move at once: the move rewrites the stock of its ${books}, more than one change holds; move the locations beneath it one at a time`,
      'parentId',
      `would rewrite the stock of ${books} at once`,
    );
  };

  const found = async (id: string, session?: Session): Promise<StoredLocation> => {
    const location = await locations.findById(id, session);
    if (!location) throw notFound('Location');
    return location;
  };

  /** The location `id` and everything beneath it (itself first), or the 404. */
  const foundSubtree = async (id: string): Promise<[StoredLocation, ...StoredLocation[]]> => {
    const [location, ...beneath] = await locations.subtree(id);
    if (!location) throw notFound('Location');
    return [location, ...beneath];
  };

  /**
   * A page of the stock listing with its totals, cached until the stock of its location or of one beneath it
   * changes, or anything else it shows, through any instance (STOCK_LISTING_DROPS). Sorted by quantity, a subtree of
   * more than QUANTITY_SORT_ROWS rows is refused (400 naming sort): no index gives that order.
   */
  const stockListing = cache.define({
    collections: ['books', LOCATIONS_COLLECTION],
    dropOnly: STOCK_LISTING_DROPS,
    tags: ({ tags }) => tags,
    load: async ({ id, query }: { id: string; query: LocationStockQuery }) => {
      const subtree = await foundSubtree(id);
      const location = subtree[0];
      const totals = query.q ? await locations.stockTotals(location._id, query.q) : summed(subtree);
      if (query.sort.replace(/^-/, '') === 'quantity' && totals.rows > QUANTITY_SORT_ROWS) {
        const reason = `sorts at most ${QUANTITY_SORT_ROWS} rows by quantity; ${location.code} holds ${totals.rows}: sort by book, author or location`;
        throw invalid(`Invalid query: sort ${reason}`, 'sort', reason);
      }
      const rows = await locations.stockPage(location._id, [...subtree].sort(byCode), query);
      const named = new Map(subtree.map((l) => [l._id, l]));
      const items = rows.map((row) => ({ ...row, code: named.get(row.locationId)!.code, name: named.get(row.locationId)!.name }));
      const tags = subtree.some((l) => l.code === RECEIVING_CODE) ? [location._id, RECEIVING_TAG] : [location._id];
      return { items, totals, tags };
    },
    maxEntries: CACHED_STOCK_PAGES,
    maxBytes: CACHED_STOCK_BYTES,
  });

  /** The parent a location is to go under (null for a root), or the 400 naming `parentId`. */
  const parentFor = async (parentId: string | null | undefined, session: Session): Promise<StoredLocation | null> => {
    if (!parentId) return null;
    const parent = await locations.findById(parentId, session);
    if (!parent) throw invalid('The parent location does not exist', 'parentId', 'is not a location');
    return parent;
  };

  const tooDeep = () =>
    invalid(
      `Locations go at most ${MAX_LOCATION_DEPTH} levels deep`,
      'parentId',
      `would put a location deeper than ${MAX_LOCATION_DEPTH} levels`,
    );

  const assertCodeFree = async (code: string, session: Session) => {
    if (await locations.findByCode(code, session)) throw codeTaken(code);
  };

  /** One location with its counts; inside a change's transaction, what its Idempotency-Key keeps. */
  const answerOf = async (location: StoredLocation, session?: Session): Promise<Location> => {
    return answerOfSubtree([location, ...(await locations.descendants(location._id, session))]);
  };

  return {
    /** Every location in tree order (each followed by its children, by code), or those `q` or `code` find. */
    async list(query: LocationListQuery): Promise<Location[]> {
      const children = childrenOf(await locations.all());
      const ordered: StoredLocation[] = [];
      const walk = (parentId: string | null) => {
        for (const child of children.get(parentId) ?? []) {
          ordered.push(child);
          walk(child._id);
        }
      };
      walk(null);
      const needle = query.q?.toLowerCase();
      return ordered
        .filter((location) => query.code === undefined || location.code === query.code)
        .filter((location) => !needle || location.code.toLowerCase().includes(needle) || location.name.toLowerCase().includes(needle))
        .map((location) => answer(location, children));
    },

    async get(id: string): Promise<LocationDetail> {
      const location = answerOfSubtree(await foundSubtree(id));
      const refs = await locations.findByIds(location.ancestorIds);
      const byId = new Map(refs.map((ref) => [ref._id, ref]));
      return { ...location, ancestors: location.ancestorIds.flatMap((ancestor) => byId.get(ancestor) ?? []) };
    },

    async create(user: AuthUser, body: NewLocation): Promise<Location> {
      return inTransaction(body.code, async (session) => {
        const parent = await parentFor(body.parentId, session);
        const ancestorIds = parent ? [...parent.ancestorIds, parent._id] : [];
        if (ancestorIds.length + 1 > MAX_LOCATION_DEPTH) throw tooDeep();
        await assertCodeFree(body.code, session);
        const now = clock();
        const location = await locations.insert(
          {
            code: body.code,
            name: body.name,
            parentId: parent?._id ?? null,
            holdsStock: body.holdsStock,
            ancestorIds,
            createdAt: now,
            updatedAt: now,
          },
          session,
        );
        await locations.touch(ancestorIds, now, session);
        const changes: FieldChange[] = [
          { field: 'code', from: null, to: location.code },
          { field: 'name', from: null, to: location.name },
          { field: 'parent', from: null, to: parent?.code ?? null },
          { field: 'holdsStock', from: null, to: yesNo(location.holdsStock) },
        ];
        await history.record(user, location.name, locationTask.added(location.code), session, { changes });
        return answer(location, new Map());
      });
    },

    async update(user: AuthUser, id: string, patch: LocationPatch): Promise<Location> {
      return inTransaction(patch.code, async (session) => {
        const current = await found(id, session);
        const now = clock();
        const changes: FieldChange[] = [];
        const set: Parameters<LocationsRepository['update']>[1] = { updatedAt: now };

        if (patch.code !== undefined && patch.code !== current.code) {
          if (current.code === RECEIVING_CODE)
            throw conflict(`The receiving location keeps its code ${RECEIVING_CODE}`, 'code', 'cannot change on the receiving location');
          await assertCodeFree(patch.code, session);
          set.code = patch.code;
          changes.push({ field: 'code', from: current.code, to: patch.code });
        }
        if (patch.name !== undefined && patch.name !== current.name) {
          set.name = patch.name;
          changes.push({ field: 'name', from: current.name, to: patch.name });
        }
        if (patch.holdsStock !== undefined && patch.holdsStock !== current.holdsStock) {
          if (!patch.holdsStock) {
            if (current.code === RECEIVING_CODE)
              throw conflict('The receiving location always holds stock', 'holdsStock', 'cannot change on the receiving location');
            const copies = await locations.copiesAt(current, session);
            if (copies > 0)
              throw conflict(
                `Location ${current.code} holds ${plural(copies, 'copy', 'copies')}: move them elsewhere before it stops holding stock`,
                'holdsStock',
                `the location holds ${plural(copies, 'copy', 'copies')}`,
              );
          }
          set.holdsStock = patch.holdsStock;
          changes.push({ field: 'holdsStock', from: yesNo(current.holdsStock), to: yesNo(patch.holdsStock) });
        }
        if (patch.parentId !== undefined && patch.parentId !== current.parentId) {
          const parent = await parentFor(patch.parentId, session);
          if (parent && (parent._id === id || parent.ancestorIds.includes(id)))
            throw conflict(
              `Location ${current.code} cannot go under ${parent.code}, which is ${parent._id === id ? 'itself' : 'beneath it'}`,
              'parentId',
              'would make a cycle',
            );
          const ancestorIds = parent ? [...parent.ancestorIds, parent._id] : [];
          const beneath = await locations.descendants(id, session);
          const height = Math.max(0, ...beneath.map((d) => d.ancestorIds.length - current.ancestorIds.length));
          if (ancestorIds.length + 1 + height > MAX_LOCATION_DEPTH) throw tooDeep();
          const previous = current.parentId ? await locations.findById(current.parentId, session) : null;
          set.parentId = parent?._id ?? null;
          set.ancestorIds = ancestorIds;
          await locations.moveDescendants(id, current.ancestorIds, ancestorIds, session);
          await locations.touch(ancestorIds, now, session);
          changes.push({ field: 'parent', from: previous?.code ?? null, to: parent?.code ?? null });
        }
        if (!changes.length) throw new AppError('bad_request', 400, 'Nothing to update: the body changes no field of the location');

        const updated = await locations.update(id, set, session);
        if (!updated) throw notFound('Location');
        await history.record(user, updated.name, locationTask.updated(updated.code), session, { changes });
        return answerOf(updated, session);
      }).catch(async (error: unknown) => {
        throw isTransactionTooLarge(error) ? await tooManyToMove(await found(id)) : error;
      });
    },

    /** Deletes an empty location without children; RECEIVING stays. Answers the location as it was. */
    async remove(user: AuthUser, id: string): Promise<Location> {
      return inTransaction(undefined, async (session) => {
        const location = await found(id, session);
        if (location.code === RECEIVING_CODE) throw conflict('The receiving location cannot be deleted', 'id', 'is the receiving location');
        const copies = await locations.copiesAt(location, session);
        const children = await locations.countChildren(id, session);
        const holds = [
          ...(copies ? [`holds ${plural(copies, 'copy', 'copies')}`] : []),
          ...(children ? [`has ${plural(children, 'child location', 'child locations')}`] : []),
        ];
        if (holds.length)
          throw conflict(
            `Location ${location.code} cannot be deleted: it ${holds.join(' and ')}`,
            'id',
            `the location ${holds.join(' and ')}`,
          );
        // Deleting the document also conflicts with a concurrent stock write here (its counters).
        await locations.remove(id, session);
        const changes: FieldChange[] = [
          { field: 'code', from: location.code, to: null },
          { field: 'name', from: location.name, to: null },
        ];
        await history.record(user, location.name, locationTask.deleted(location.code), session, { changes });
        return answer(location, new Map());
      });
    },

    /**
     * A page of what `id` and everything beneath it holds, its totals in X-Total-Count (rows) and X-Total-Quantity
     * (copies): the locations' counters, or a count of the rows `q` finds.
     */
    async stock(id: string, query: LocationStockQuery): Promise<Answer<LocationStockItem[]>> {
      const { items, totals } = await stockListing({ id, query });
      return new Answer(items, { [TOTAL_COUNT_HEADER]: String(totals.rows), [TOTAL_QUANTITY_HEADER]: String(totals.quantity) });
    },
  };
}

export type LocationsService = ReturnType<typeof createLocationsService>;
