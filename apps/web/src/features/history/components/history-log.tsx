import type { HistoryEntry } from '@book-warehouse/types';
import { DownloadProgressBar } from '../../../components/ui/download-progress';
import { ExportButton } from '../../../components/ui/export-button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { notify } from '../../../components/ui/notify';
import { Pager } from '../../../components/ui/pager';
import { QueryState } from '../../../components/ui/query-state';
import { messages } from '../../../config/messages';
import { usePermissions } from '../../../lib/account';
import { useUndoEntry } from '../../../lib/undo-entry';
import { useExportHistories } from '../api/export-histories';
import { HISTORY_PAGE_SIZE, useHistories } from '../api/get-histories';
import { useHistoryFilters } from '../hooks/use-history-filters';
import { HistoryFiltersForm } from './history-filters';
import { HistoryTable } from './history-table';

/** The History screen's body (docs/rules.md, History screen): filters (in the URL), the CSV export of what they match, a page of entries, paging. */
export function HistoryLog() {
  const [filters, setFilters] = useHistoryFilters();
  const histories = useHistories(filters);
  const exportCsv = useExportHistories();
  const undo = useUndoEntry();
  const confirm = useConfirm();
  const { canChangeStock } = usePermissions();

  const onUndo = async (entry: HistoryEntry) => {
    if (!(await confirm(messages.confirmUndo(entry.task, entry.bookName), { confirmLabel: messages.undoLabel }))) return;
    undo.mutate(entry._id, {
      onSuccess: () => notify.success(messages.undone(entry.task)),
      onError: (error) => notify.error(error.message),
    });
  };

  const total = histories.data?.total;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <HistoryFiltersForm filters={filters} onChange={setFilters} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600" aria-live="polite">
          {total !== undefined && `${total.toLocaleString('en-US')} ${total === 1 ? 'entry' : 'entries'}`}
        </p>
        <ExportButton exporter={exportCsv} input={filters} label="Export CSV" busyLabel="Exporting…" />
      </div>
      <DownloadProgressBar progress={exportCsv.progress} />
      <QueryState query={histories} loading="Loading history">
        {({ entries, full }) => (
          <div>
            <HistoryTable
              entries={entries}
              busy={histories.isPlaceholderData}
              canUndo={canChangeStock}
              undoingId={undo.isPending ? undo.variables : undefined}
              onUndo={onUndo}
              onBook={(entry) => setFilters({ bookId: entry.bookId, bookName: entry.bookName })}
            />
            <Pager
              label="History pages"
              page={filters.page}
              pages={total === undefined ? undefined : Math.ceil(total / HISTORY_PAGE_SIZE)}
              hasNext={total === undefined ? full : (filters.page + 1) * HISTORY_PAGE_SIZE < total}
              onPage={(page) => setFilters({ page })}
            />
          </div>
        )}
      </QueryState>
    </div>
  );
}
