import { QUANTITY_SORT_ROWS, type LocationStockSortKey } from '@book-warehouse/types';
import { Link, useSearchParams } from 'react-router-dom';
import { Pager } from '../../../components/ui/pager';
import { EmptyState, QueryState } from '../../../components/ui/query-state';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { paths } from '../../../config/paths';
import { useLocationStock } from '../api/get-location-stock';

const PAGE_SIZE = 20;
const cell = 'px-4 py-3 align-middle';
const columns: Array<{ key: LocationStockSortKey; label: string; numeric?: boolean }> = [
  { key: 'bookName', label: 'Book' },
  { key: 'author', label: 'Author' },
  { key: 'code', label: 'Location' },
  { key: 'quantity', label: 'Copies', numeric: true },
];

const readSort = (value: string | null): { key: LocationStockSortKey; desc: boolean } => {
  const desc = value?.startsWith('-') ?? false;
  const key = columns.find((column) => column.key === value?.replace(/^-/, ''))?.key;
  return key ? { key, desc } : { key: 'bookName', desc: false };
};

/**
 * What a location and everything beneath it holds (GET /locations/{id}/stock): one row per book and location,
 * sorted by a column header, a page at a time; sort and page live in the URL. It scrolls sideways on a phone.
 */
export function LocationStockTable({ locationId, code }: { locationId: string; code: string }) {
  const [search, setSearch] = useSearchParams();
  const sort = readSort(search.get('sort'));
  const page = Math.max(0, Number.parseInt(search.get('page') ?? '0', 10) || 0);
  const stock = useLocationStock(locationId, { page, limit: PAGE_SIZE, sort: `${sort.desc ? '-' : ''}${sort.key}` });
  const change = (next: { sort?: string; page?: number }) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        if (next.sort !== undefined) params.set('sort', next.sort);
        if (next.page) params.set('page', String(next.page));
        else params.delete('page');
        return params;
      },
      { replace: true },
    );

  return (
    <QueryState query={stock} loading="Loading what it holds" loadingClassName="min-h-48">
      {(data) =>
        data.items.length === 0 ? (
          <EmptyState>
            <p>Nothing is stored at {code} or beneath it.</p>
          </EmptyState>
        ) : (
          <div
            className={`flex flex-col gap-2 ${stock.isPlaceholderData ? 'opacity-60' : ''}`}
            aria-busy={stock.isPlaceholderData || undefined}
          >
            <p className="text-sm text-slate-600" aria-live="polite">
              {data.copies === null
                ? `Copies hidden (${data.hidden}) in ${data.total} ${data.total === 1 ? 'row' : 'rows'}; the rows counted are left out`
                : `${data.copies} ${data.copies === 1 ? 'copy' : 'copies'} in ${data.total} ${data.total === 1 ? 'row' : 'rows'}`}
            </p>
            <ScrollRegion label={`What ${code} holds`} className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
              <table className="w-full min-w-[36rem] text-left text-sm">
                <caption className="sr-only">
                  What {code} and every location beneath it holds, page {page + 1}
                </caption>
                <thead className="bg-slate-100 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                  <tr>
                    {columns.map((column) => {
                      const active = sort.key === column.key;
                      // The API sorts at most QUANTITY_SORT_ROWS rows by quantity: beyond, the column is not sortable.
                      const sortable = active || column.key !== 'quantity' || data.total <= QUANTITY_SORT_ROWS;
                      return (
                        <th
                          key={column.key}
                          scope="col"
                          aria-sort={active ? (sort.desc ? 'descending' : 'ascending') : undefined}
                          className={`${cell} ${column.numeric ? 'text-right' : ''}`}
                        >
                          {sortable ? (
                            <button
                              type="button"
                              onClick={() => change({ sort: `${active && !sort.desc ? '-' : ''}${column.key}`, page: 0 })}
                              className="inline-flex items-center gap-1 uppercase hover:text-slate-900"
                            >
                              {column.label}
                              <span aria-hidden="true">{active ? (sort.desc ? '↓' : '↑') : '↕'}</span>
                            </button>
                          ) : (
                            column.label
                          )}
                        </th>
                      );
                    })}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {data.items.map((item) => (
                    <tr key={`${item.bookId}-${item.locationId}`}>
                      <th scope="row" className={`${cell} font-medium text-slate-900`}>
                        <Link to={paths.dashboard.manageItem(item.bookId)} className="text-amber-800 hover:underline">
                          {item.bookName}
                        </Link>
                      </th>
                      <td className={cell}>{item.author}</td>
                      <td className={cell}>
                        <Link to={paths.dashboard.location(item.locationId)} className="hover:underline">
                          <span className="font-mono">{item.code}</span> {item.name}
                        </Link>
                      </td>
                      <td className={`${cell} text-right tabular-nums`}>{item.quantity}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
            <Pager
              label={`Pages of what ${code} holds`}
              page={page}
              pages={Math.ceil(data.total / PAGE_SIZE)}
              hasNext={(page + 1) * PAGE_SIZE < data.total}
              onPage={(next) => change({ page: next })}
            />
          </div>
        )
      }
    </QueryState>
  );
}
