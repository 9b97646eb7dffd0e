import type { ReorderItem } from '@book-warehouse/types';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { DownloadProgressBar } from '../../../components/ui/download-progress';
import { ExportButton } from '../../../components/ui/export-button';
import { EmptyState, QueryState } from '../../../components/ui/query-state';
import { stacked } from '../../../components/ui/stacked-table';
import { TableHead } from '../../../components/ui/table-head';
import { contact } from '../../../config/contact';
import { paths } from '../../../config/paths';
import { useExportReorder, useReorder } from '../api/get-reorder';
import { formatIsbn } from '../isbn';

const columns = [
  'Book',
  { label: 'Stock', className: 'sm:text-right' },
  { label: 'Reorder point', className: 'sm:text-right' },
  { label: 'Shortage', className: 'sm:text-right' },
  { label: 'On order', className: 'sm:text-right' },
  { label: 'To order', className: 'sm:text-right' },
];
const number = `${stacked.cell} tabular-nums sm:text-right`;

/**
 * The low books (stock at or below the reorder point), the largest shortage first, with a printable view
 * (the print button; navigation is hidden when printing) and the list as CSV.
 */
export function ReorderList() {
  const reorder = useReorder();
  const exportCsv = useExportReorder();
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <PrintHeading />
      <div className="flex flex-wrap gap-3 print:hidden">
        <Button variant="secondary" onClick={() => window.print()}>
          Print
        </Button>
        <ExportButton exporter={exportCsv} input={undefined} label="Download CSV" busyLabel="Downloading…" />
      </div>
      <DownloadProgressBar progress={exportCsv.progress} />
      <QueryState query={reorder} loading="Loading the books to reorder">
        {({ lines, hidden }) => (
          <>
            {hidden && (
              <p role="note" className="text-sm text-slate-700">
                {hidden}: the books being counted are left out until counting stops.
              </p>
            )}
            {lines.length === 0 ? <EmptyState>No book is at or below its reorder point.</EmptyState> : <ReorderTable lines={lines} />}
          </>
        )}
      </QueryState>
    </div>
  );
}

const printedDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });

/**
 * On paper only: the list's name, the warehouse's name and address, and when it was printed (the screen's
 * heading and navigation are not printed). The date is taken again as the print dialog opens.
 */
function PrintHeading() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const update = () => setNow(new Date());
    window.addEventListener('beforeprint', update);
    return () => window.removeEventListener('beforeprint', update);
  }, []);
  return (
    <header className="hidden print:block">
      <h2 className="text-2xl font-bold text-slate-900">Reorder list</h2>
      <p className="text-sm text-slate-700">
        {contact.name} · {contact.address}
      </p>
      <p className="text-sm text-slate-700">Printed {printedDate.format(now)}</p>
    </header>
  );
}

function ReorderTable({ lines }: { lines: ReorderItem[] }) {
  return (
    <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200 print:shadow-none print:ring-0">
      <table className={stacked.table}>
        <caption className="sr-only">Books to reorder, largest shortage first</caption>
        <TableHead columns={columns} cellClassName="px-4 py-3" className={stacked.head} />
        <tbody className={stacked.body}>
          {lines.map((line) => (
            <tr key={line._id} className={stacked.row}>
              <td data-label="Book" className={`${stacked.cell} ${stacked.unlabelled}`}>
                <Link
                  to={paths.dashboard.manageItem(line._id)}
                  className="font-semibold text-amber-800 hover:underline print:text-slate-900"
                >
                  {line.bookName}
                </Link>
                <span className="block text-xs text-slate-500">
                  {line.author}
                  {line.isbn && ` · ISBN ${formatIsbn(line.isbn)}`}
                </span>
              </td>
              <td data-label="Stock" className={number}>
                {line.stockQuantity}
              </td>
              <td data-label="Reorder point" className={number}>
                {line.reorderPoint}
              </td>
              <td data-label="Shortage" className={`${number} font-semibold`}>
                {line.shortage}
              </td>
              <td data-label="On order" className={number}>
                {line.onOrder}
              </td>
              <td data-label="To order" className={number}>
                {line.toOrder}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
