import { COUNT_STATES, type CountSession, type CountState } from '@book-warehouse/types';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Pager } from '../../../components/ui/pager';
import { QueryState, RowsSkeleton } from '../../../components/ui/query-state';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { TableHead } from '../../../components/ui/table-head';
import { paths } from '../../../config/paths';
import { COUNTS_PAGE_SIZE, useCounts } from '../api/get-counts';
import { countName, scopeText, stateLabels, toleranceText, when } from '../format';

const cell = 'px-3 py-2 text-left align-top';

/** Where a session's link goes: counting happens on the count screen, everything after on the review. */
const sessionLink = (count: CountSession) =>
  count.state === 'draft' || count.state === 'counting' ? paths.dashboard.count(count._id) : paths.dashboard.countReview(count._id);

function Progress({ count }: { count: CountSession }) {
  const { countedLineCount: done, lineCount: all } = count;
  return (
    <div className="flex min-w-28 flex-col gap-1">
      <span className="tabular-nums">
        {done} of {all} lines
      </span>
      <progress
        max={Math.max(all, 1)}
        value={done}
        aria-label={`${countName(count)}: ${done} of ${all} lines counted`}
        className="h-2 w-28 accent-amber-700"
      />
    </div>
  );
}

/** The sessions, newest first, a page at a time, filtered by state. `placeName` names a scope's locations. */
export function CountList({ placeName }: { placeName?: (id: string) => string | undefined }) {
  const [state, setState] = useState<CountState | ''>('');
  const [page, setPage] = useState(0);
  const counts = useCounts({ state: state || undefined, page });
  const filterId = useId();
  const total = counts.data?.total;
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={filterId} className="text-sm font-medium text-slate-700">
            State
          </label>
          <select
            id={filterId}
            value={state}
            onChange={(event) => {
              setState(event.target.value as CountState | '');
              setPage(0);
            }}
            className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900"
          >
            <option value="">Every state</option>
            {COUNT_STATES.map((s) => (
              <option key={s} value={s}>
                {stateLabels[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <QueryState query={counts} loading="Loading the count sessions" skeleton={<RowsSkeleton />}>
        {({ items }) =>
          items.length === 0 ? (
            <p className="text-sm text-slate-600">No count session yet{state ? ' in this state' : ''}.</p>
          ) : (
            <ScrollRegion label="Count sessions" className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
              <table className="w-full text-sm">
                <TableHead columns={['Session', 'State', 'Scope', 'Blind', 'Progress', 'Created by']} cellClassName={cell} />
                <tbody className="divide-y divide-slate-200">
                  {items.map((count) => (
                    <tr key={count._id}>
                      <td className={cell}>
                        <Link to={sessionLink(count)} className="font-semibold text-amber-800 underline">
                          {countName(count)}
                        </Link>
                        <span className="block text-xs text-slate-600">{toleranceText(count.tolerance)}</span>
                      </td>
                      <td className={cell}>{stateLabels[count.state]}</td>
                      <td className={`${cell} break-words`}>{scopeText(count, placeName)}</td>
                      <td className={cell}>{count.blind ? 'Blind' : 'Open'}</td>
                      <td className={cell}>
                        <Progress count={count} />
                      </td>
                      <td className={`${cell} break-all`}>
                        {count.createdBy}
                        <span className="block text-xs text-slate-600">{when.format(new Date(count.createdAt))}</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )
        }
      </QueryState>
      <Pager
        label="Count session pages"
        page={page}
        pages={total === undefined ? undefined : Math.ceil(total / COUNTS_PAGE_SIZE)}
        hasNext={total !== undefined && (page + 1) * COUNTS_PAGE_SIZE < total}
        onPage={setPage}
      />
    </div>
  );
}
