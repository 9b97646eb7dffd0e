import { LowStockPreview } from '../../../features/books/components/low-stock-preview';
import { DueForCount } from '../../../features/counts/components/due-for-count';
import { RecentMovements } from '../../../features/history/components/recent-movements';
import { StatTiles } from '../../../features/stats/components/stat-tiles';
import { usePermissions } from '../../../lib/account';
import { PageHeading } from './page-heading';

/** The spec's four tiles, then what needs attention: low stock and the latest movements (undoable by staff). */
export function DashboardHome() {
  const { canChangeStock } = usePermissions();
  return (
    <section aria-labelledby="dashboard-heading" className="flex flex-col gap-6">
      <PageHeading id="dashboard-heading">Dashboard</PageHeading>
      <StatTiles />
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <RecentMovements canUndo={canChangeStock} />
        {canChangeStock && <LowStockPreview />}
        <DueForCount canCount={canChangeStock} limit={5} />
      </div>
    </section>
  );
}
