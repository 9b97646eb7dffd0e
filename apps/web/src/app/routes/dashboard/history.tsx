import { HistoryTable } from '../../../features/history/components/history-table';

export function HistoryPage() {
  return (
    <section aria-labelledby="history-heading" className="flex flex-col gap-4">
      <h1 id="history-heading" className="text-2xl font-bold">
        History
      </h1>
      <HistoryTable />
    </section>
  );
}
