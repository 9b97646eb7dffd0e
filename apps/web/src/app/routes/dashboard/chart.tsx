import { Spinner } from '../../../components/ui/spinner';
import { useBooks } from '../../../features/books/api/get-books';
import { StockCharts } from '../../../features/stats/components/stock-charts';

/** The charts read at most this many books (the API's largest page). */
const CHART_BOOKS_LIMIT = 1000;

export function ChartPage() {
  const books = useBooks({ limit: CHART_BOOKS_LIMIT });
  return (
    <section aria-labelledby="chart-heading" className="flex flex-col gap-4">
      <h1 id="chart-heading" className="text-2xl font-bold">
        Chart
      </h1>
      {books.isPending ? (
        <Spinner label="Loading the charts" className="min-h-96" />
      ) : books.isError ? (
        <p role="alert" className="text-red-700">
          {books.error.message}
        </p>
      ) : (
        <>
          {books.data.length === CHART_BOOKS_LIMIT && (
            <p className="text-sm text-slate-600">Based on the first {CHART_BOOKS_LIMIT} books.</p>
          )}
          <StockCharts books={books.data} />
        </>
      )}
    </section>
  );
}
