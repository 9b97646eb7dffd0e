import { LowStockPreview } from '../../../features/books/components/low-stock-preview';
import { RecentMovements } from '../../../features/history/components/recent-movements';
import { StatTiles } from '../../../features/stats/components/stat-tiles';
import { usePermissions } from '../../../lib/account';

/** The spec's four tiles, then what needs attention: low stock and the latest movements (undoable by staff). */
export function DashboardHome() {
  const { canChangeStock } = usePermissions();
  return (
    <section aria-labelledby="dashboard-heading" className="flex flex-col gap-6">
      <h1 id="dashboard-heading" className="text-2xl font-bold">
        Dashboard
      </h1>
      <StatTiles />
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <RecentMovements canUndo={canChangeStock} />
        {canChangeStock && <LowStockPreview />}
      </div>
    </section>
  );
}
