import type { CountCycle } from '@book-warehouse/types';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../components/ui/notify';
import { QueryState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { useCountCycles } from '../api/count-cycles';
import { useCreateCount } from '../api/create-count';
import { countName, when } from '../format';

/** A cycle's target in words: a location's code and name, or a category. */
export const cycleName = (cycle: CountCycle) =>
  cycle.category ? `Category ${cycle.category}` : `${cycle.code} ${cycle.name ?? ''}`.trim();

const dueText = (cycle: CountCycle) =>
  cycle.lastCountedAt ? `Due since ${when.format(new Date(cycle.dueAt ?? cycle.lastCountedAt))}` : 'Never counted';

/**
 * The 'Due for count' list (GET /counts/cycles?all=false): each due location or category, with 'Count now' creating its
 * session in one click (POST /counts with the cycle's scope) and opening it. `limit` shortens it on the dashboard.
 */
export function DueForCount({ canCount, limit }: { canCount: boolean; limit?: number }) {
  const due = useCountCycles(false);
  const create = useCreateCount();
  const navigate = useNavigate();
  const countNow = (cycle: CountCycle) =>
    create.mutate(
      { scope: cycle.scope, blind: true },
      {
        onSuccess: (count) => {
          notify.success(`${countName(count)} created for ${cycleName(cycle)}`);
          void navigate(paths.dashboard.count(count._id));
        },
        onError: (error) => notify.error(error.message),
      },
    );
  return (
    <section aria-labelledby="due-heading" className="flex min-w-0 flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="due-heading" className="text-lg font-semibold">
          Due for count
        </h2>
        {limit !== undefined && (
          <Link to={paths.dashboard.counts} className="text-sm font-medium text-amber-800 underline">
            All counts
          </Link>
        )}
      </div>
      <QueryState query={due} loading="Loading what is due for count" loadingClassName="min-h-24">
        {(cycles) =>
          cycles.length === 0 ? (
            <p className="text-sm text-slate-600">Nothing is due for count.</p>
          ) : (
            <ul className="flex flex-col divide-y divide-slate-200">
              {cycles.slice(0, limit).map((cycle) => (
                <li key={cycle.locationId ?? cycle.category} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="min-w-0 break-words">
                    <span className="font-semibold">{cycleName(cycle)}</span>
                    <span className="block text-sm text-slate-600">
                      Every {cycle.intervalDays} days · {dueText(cycle)}
                    </span>
                  </span>
                  {canCount && (
                    <Button className="min-h-11" disabled={create.isPending} onClick={() => countNow(cycle)}>
                      Count now <span className="sr-only">{cycleName(cycle)}</span>
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
