import { Link } from 'react-router-dom';
import { QueryError } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { useStats } from '../api/get-stats';
import { figure, type Figure } from '../figures';

/** The spec's User Login tile is a fixed placeholder. */
const USER_LOGIN_PLACEHOLDER = '00';
/** What a tile shows in place of a sum of the stock that a blind count hides (the reason is said under the tiles). */
const HIDDEN = 'Hidden';

/**
 * One tile. A large figure reads compactly (the whole one would clip); the exact one is its title (hover), shows
 * under it on hover and focus, and is what a screen reader hears. A tile with `to` is a link over its whole area.
 */
function Tile({ label, value, tone, to }: { label: string; value: Figure | string | undefined; tone: string; to?: string }) {
  const shown = typeof value === 'string' ? { short: value, exact: value } : value;
  const shortened = shown !== undefined && shown.short !== shown.exact;
  return (
    <div
      title={shortened ? shown.exact : undefined}
      // Focusable when shortened and not a link already, so the exact figure shows on focus too.
      tabIndex={shortened && !to ? 0 : undefined}
      className={`group relative flex min-h-28 min-w-0 flex-col justify-between rounded-xl p-5 text-white shadow-sm ${tone}`}
    >
      <dt className="text-sm font-semibold tracking-wide uppercase">
        {to ? (
          <Link to={to} className="after:absolute after:inset-0 after:rounded-xl hover:underline">
            {label}
          </Link>
        ) : (
          label
        )}
      </dt>
      <dd className="mt-2 min-w-0">
        {shown ? (
          <>
            <span aria-hidden="true" className="block truncate text-3xl font-bold tabular-nums">
              {shown.short}
            </span>
            {shortened && (
              <span
                aria-hidden="true"
                className="hidden text-sm break-all tabular-nums group-focus-within:block group-hover:block group-focus:block"
              >
                {shown.exact}
              </span>
            )}
            <span className="sr-only">{shown.exact}</span>
          </>
        ) : (
          <>
            <span
              className="inline-block size-7 animate-spin rounded-full border-4 border-white/40 border-t-white align-middle"
              aria-hidden="true"
            />
            <span className="sr-only">Loading</span>
          </>
        )}
      </dd>
    </div>
  );
}

/**
 * Products, Quantity and Price from GET /stats, the stock valued at cost beside Price, the fixed User Login tile, and
 * the low and out-of-stock counts linking to those books.
 */
export function StatTiles() {
  const stats = useStats();
  const data = stats.data;
  // A figure a blind count hides reads 'Hidden', never 0; its list (by stock) would be refused, so it links nowhere.
  const shown = (value: number | null | undefined, kind: Parameters<typeof figure>[1]) =>
    value === undefined ? undefined : value === null ? HIDDEN : figure(value, kind);
  const listed = (stock: string) => (data?.hidden ? undefined : `${paths.dashboard.manageItems}?stock=${stock}`);
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy={stats.isPending || undefined}>
        <Tile label="Products" value={data && figure(data.products, 'count')} tone="bg-amber-800" />
        <Tile label="Quantity" value={shown(data?.quantity, 'count')} tone="bg-emerald-800" />
        <Tile label="Price" value={shown(data?.price, 'money')} tone="bg-sky-800" />
        <Tile label="Stock value at cost" value={shown(data?.costValue, 'money')} tone="bg-blue-800" />
        <Tile label="User Login" value={USER_LOGIN_PLACEHOLDER} tone="bg-slate-700" />
        <Tile label="Low stock" value={shown(data?.lowStock, 'count')} tone="bg-orange-800" to={listed('low')} />
        <Tile label="Out of stock" value={shown(data?.outOfStock, 'count')} tone="bg-red-800" to={listed('out')} />
      </dl>
      {data?.hidden && (
        <p role="note" className="text-sm text-slate-700">
          {data.hidden}: the stock figures show again when counting stops.
        </p>
      )}
      {data?.uncosted ? (
        <p className="text-sm text-slate-600">
          {data.uncosted} {data.uncosted === 1 ? 'book holds copies with no cost' : 'books hold copies with no cost'}: the value at cost
          leaves {data.uncosted === 1 ? 'it' : 'them'} out.
        </p>
      ) : null}
      {stats.isError && <QueryError error={stats.error} />}
    </div>
  );
}
