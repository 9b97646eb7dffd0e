import { QueryState } from '../../../components/ui/query-state';
import { useStockChart } from '../../../features/stats/api/get-stock-chart';
import { HiddenStockCharts, StockCharts } from '../../../features/stats/components/stock-charts';
import { PageHeading } from './page-heading';

/** The charts of the stock, over every book: the server aggregates them (GET /stats/chart). */
export function ChartPage() {
  const chart = useStockChart();
  return (
    <section aria-labelledby="chart-heading" className="flex flex-col gap-4">
      <PageHeading id="chart-heading">Chart</PageHeading>
      <QueryState query={chart} loading="Loading the charts">
        {(figures) => ('categories' in figures ? <StockCharts chart={figures} /> : <HiddenStockCharts reason={figures.hidden} />)}
      </QueryState>
    </section>
  );
}
