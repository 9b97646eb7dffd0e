import { QueryState } from '../../../components/ui/query-state';
import { useBooks } from '../../../features/books/api/get-books';
import { StockCharts } from '../../../features/stats/components/stock-charts';
import { PageHeading } from './page-heading';

/** The charts read at most this many books (the API's largest page). */
const CHART_BOOKS_LIMIT = 1000;

export function ChartPage() {
  const books = useBooks({ limit: CHART_BOOKS_LIMIT });
  return (
    <section aria-labelledby="chart-heading" className="flex flex-col gap-4">
      <PageHeading id="chart-heading">Chart</PageHeading>
      <QueryState query={books} loading="Loading the charts">
        {(list) => (
          <>
            {list.length === CHART_BOOKS_LIMIT && <p className="text-sm text-slate-600">Based on the first {CHART_BOOKS_LIMIT} books.</p>}
            <StockCharts books={list} />
          </>
        )}
      </QueryState>
    </section>
  );
}
