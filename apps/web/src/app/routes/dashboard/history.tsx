import { HistoryLog } from '../../../features/history/components/history-log';

export function HistoryPage() {
  return (
    <section aria-labelledby="history-heading" className="flex min-w-0 flex-col gap-4">
      <h1 id="history-heading" className="text-2xl font-bold">
        History
      </h1>
      <HistoryLog />
    </section>
  );
}
