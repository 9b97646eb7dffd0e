import { StatTiles } from '../../../features/stats/components/stat-tiles';

export function DashboardHome() {
  return (
    <section aria-labelledby="dashboard-heading" className="flex flex-col gap-4">
      <h1 id="dashboard-heading" className="text-2xl font-bold">
        Dashboard
      </h1>
      <StatTiles />
    </section>
  );
}
