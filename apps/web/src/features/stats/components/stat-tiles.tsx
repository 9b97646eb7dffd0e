import { QueryError } from '../../../components/ui/query-state';
import { useStats } from '../api/get-stats';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const count = new Intl.NumberFormat('en-US');

/** The spec's User Login tile is a fixed placeholder. */
const USER_LOGIN_PLACEHOLDER = '00';

function Tile({ label, value, tone }: { label: string; value: string | undefined; tone: string }) {
  return (
    <div className={`flex min-h-28 flex-col justify-between rounded-xl p-5 text-white shadow-sm ${tone}`}>
      <dt className="text-sm font-semibold tracking-wide uppercase">{label}</dt>
      <dd className="mt-2 text-3xl font-bold tabular-nums">
        {value ?? (
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

/** Products, Quantity and Price from GET /stats, and the fixed User Login tile. */
export function StatTiles() {
  const stats = useStats();
  const data = stats.data;
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-busy={stats.isPending || undefined}>
        <Tile label="Products" value={data && count.format(data.products)} tone="bg-amber-700" />
        <Tile label="Quantity" value={data && count.format(data.quantity)} tone="bg-emerald-700" />
        <Tile label="Price" value={data && money.format(data.price)} tone="bg-sky-700" />
        <Tile label="User Login" value={USER_LOGIN_PLACEHOLDER} tone="bg-slate-700" />
      </dl>
      {stats.isError && <QueryError error={stats.error} />}
    </div>
  );
}
