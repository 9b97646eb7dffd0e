import { HistoryLog } from '../../../features/history/components/history-log';
import { PageHeading } from './page-heading';

export function HistoryPage() {
  return (
    <section aria-labelledby="history-heading" className="flex min-w-0 flex-col gap-4">
      <PageHeading id="history-heading">History</PageHeading>
      <HistoryLog />
    </section>
  );
}
