import type { RequestHandler } from 'express';
import { HIDDEN_DURING_BLIND_COUNT } from '@book-warehouse/types';
import { setRedact } from '../../lib/redact';
import type { CountsService } from './counts.service';

/** The books and locations of the lines of the blind sessions counting, and the locations above those (hex ids). */
interface Hidden {
  books: ReadonlySet<string>;
  locations: ReadonlySet<string>;
  above: ReadonlySet<string>;
}

type Fields = Record<string, unknown>;

/** A history change of a location's quantity is named `stock.<CODE>` (modules/books/stock-locations.ts). */
const STOCK_FIELD = 'stock.';

const isIn = (set: ReadonlySet<string>, id: unknown) => typeof id === 'string' && set.has(id.toLowerCase());
const isStockChange = (change: unknown) =>
  typeof change === 'object' &&
  change !== null &&
  typeof (change as Fields)['field'] === 'string' &&
  ((change as Fields)['field'] === 'stockQuantity' || ((change as Fields)['field'] as string).startsWith(STOCK_FIELD));

/** Whether a location's subtree holds stock a blind count is counting: it is counted, or above one counted. */
const hidesAt = (hidden: Hidden, id: unknown) => isIn(hidden.locations, id) || isIn(hidden.above, id);

/** How deep an answer is walked: a list of events of books with their locations is the deepest. */
const MAX_DEPTH = 6;

/** How long a read waits for the blind sets before it goes on with the last ones read. */
const HIDDEN_WAIT_MS = 250;

/**
 * `value` with every quantity that reveals what a blind count expects hidden
 * (docs/decisions/027-counting-against-the-shelf.md): a book answers stockQuantity 0 with `stockHidden` and no
 * locations; a book of the reorder list is left out (its shortage is its figure, and being listed says it is low); a
 * row of a location's stock is left out; a history entry's stock changes lose their figures; a location counted, or
 * above one counted, answers the copies that sum the counted stock as null with `hidden`. Unchanged parts are the same
 * objects, so an answer with nothing to hide is the cached value itself.
 */
function hide(value: unknown, hidden: Hidden, depth = 0): unknown {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const shown = value.map((item) => hide(item, hidden, depth + 1));
    return shown.some((item, i) => item !== value[i]) ? shown.filter((item) => item !== undefined) : value;
  }
  const fields = value as Fields;
  if (typeof fields['shortage'] === 'number' && isIn(hidden.books, fields['_id'])) return undefined;
  if (typeof fields['stockQuantity'] === 'number' && isIn(hidden.books, fields['_id'])) {
    const { locations: _locations, ...rest } = fields;
    return { ...rest, stockQuantity: 0, stockHidden: true };
  }
  if (
    typeof fields['quantity'] === 'number' &&
    typeof fields['locationId'] === 'string' &&
    (isIn(hidden.books, fields['bookId']) || isIn(hidden.locations, fields['locationId']))
  )
    return undefined;
  if (Array.isArray(fields['changes']) && isIn(hidden.books, fields['bookId'])) {
    return {
      ...fields,
      changes: fields['changes'].map((change: unknown) =>
        isStockChange(change) ? { ...(change as Fields), from: null, to: null } : change,
      ),
    };
  }
  if (typeof fields['subtreeQuantity'] === 'number' && hidesAt(hidden, fields['_id'])) {
    // Above the count, the location's own copies are not counted ones: only the subtree's sum is hidden.
    const quantity = isIn(hidden.locations, fields['_id']) ? null : fields['quantity'];
    return { ...fields, quantity, subtreeQuantity: null, hidden: HIDDEN_DURING_BLIND_COUNT };
  }
  let changed = false;
  const shown: Fields = {};
  for (const [key, field] of Object.entries(fields)) {
    shown[key] = hide(field, hidden, depth + 1);
    if (shown[key] !== field) changed = true;
  }
  return changed ? shown : value;
}

/**
 * The blind counts' redaction at the HTTP edge: every answer (reads, live-event streams, and writes, whose answers hold
 * the book they changed) gets it, bound at send time to its
 * caller, since the cached answers are shared by every caller; the totals and the lists by stock ask it whether their
 * caller is refused them (lib/redact.ts, hidesTotals). Admins see everything. The sets are read per request
 * (cached until a session or line changes through any instance); a stream reads the latest set at each event. A read
 * of the sets slower than HIDDEN_WAIT_MS (the database away) goes on with the last sets read, so an outage costs
 * one wait, the route's own, not two.
 */
export function blindReads(counts: Pick<CountsService, 'hidden' | 'seesEverything'>): RequestHandler {
  let latest: Hidden = { books: new Set(), locations: new Set(), above: new Set() };
  const hides = (caller: Parameters<CountsService['seesEverything']>[0]) =>
    !counts.seesEverything(caller) && (latest.books.size > 0 || latest.locations.size > 0);
  const redact = (value: unknown, caller: Parameters<CountsService['seesEverything']>[0]) => (hides(caller) ? hide(value, latest) : value);
  return (req, res, next) => {
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, HIDDEN_WAIT_MS)));
    const read = counts.hidden().then(
      (hidden) => void (latest = hidden),
      () => undefined,
    );
    void Promise.race([read, waited]).then(() => {
      clearTimeout(timer);
      setRedact(res, { redact, hidesTotals: hides, hidesLocation: (caller, id) => hides(caller) && hidesAt(latest, id) });
      next();
    });
  };
}
