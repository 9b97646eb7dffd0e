import type { PurchaseOrder } from '@book-warehouse/types';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClass } from '../../../components/ui/button';
import { DownloadProgressBar } from '../../../components/ui/download-progress';
import { ExportButton } from '../../../components/ui/export-button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { notify } from '../../../components/ui/notify';
import { QueryState } from '../../../components/ui/query-state';
import { stacked } from '../../../components/ui/stacked-table';
import { TableHead } from '../../../components/ui/table-head';
import { contact } from '../../../config/contact';
import { paths } from '../../../config/paths';
import { useOrderTransition, type OrderTransition } from '../api/change-purchase-order';
import { useExportPurchaseOrders, usePurchaseOrder } from '../api/get-purchase-orders';
import { useSupplier } from '../api/get-supplier';
import { formatDay, formatMoment, money, StateBadge, stateLabels } from '../format';
import { OrderEditor, type BookFinder } from './order-editor';

const num = `${stacked.cell} tabular-nums sm:text-right`;
const lineColumns = [
  'Book',
  { label: 'Ordered', className: 'sm:text-right' },
  { label: 'Received', className: 'sm:text-right' },
  { label: 'Cancelled', className: 'sm:text-right' },
  { label: 'Outstanding', className: 'sm:text-right' },
  { label: 'Unit cost', className: 'sm:text-right' },
  { label: 'Line cost', className: 'sm:text-right' },
];

/** What each action says, asks and answers. */
const actions: Record<OrderTransition, { label: string; question?: string; detail?: string; done: (number: string) => string }> = {
  order: { label: 'Mark as ordered', done: (n) => `${n} ordered` },
  cancel: {
    label: 'Cancel the order',
    question: 'Cancel this order?',
    detail: 'Its copies are no longer on order; a cancelled order cannot be reopened.',
    done: (n) => `${n} cancelled`,
  },
  close: {
    label: 'Close short',
    question: 'Close this order short?',
    detail: 'What is still outstanding on each line is cancelled: nothing more is expected from this order.',
    done: (n) => `${n} closed short`,
  },
};

/** The transitions an order allows now; the server refuses the others with 409. */
function allowed(order: PurchaseOrder): OrderTransition[] {
  if (order.state === 'draft') return ['order', 'cancel'];
  if (order.state === 'ordered') return order.totals.received === 0 ? ['cancel'] : [];
  if (order.state === 'partially_received') return ['close'];
  return [];
}

/** The orders whose lines only an admin edits: ordered, with or without copies received (docs/rules.md, Buying). */
const ORDERED_STATES: readonly PurchaseOrder['state'][] = ['ordered', 'partially_received'];

/**
 * One purchase order: its lines, totals, state history and receipts, its actions, and a printable view. Staff
 * (`canChange`) edit a draft; an admin (`isAdmin`) also the lines of an ordered order.
 */
export function OrderDetails({
  orderId,
  canChange,
  isAdmin,
  finder,
}: {
  orderId: string;
  canChange: boolean;
  isAdmin: boolean;
  finder: BookFinder;
}) {
  const order = usePurchaseOrder(orderId);
  return (
    <QueryState
      query={order}
      loading="Loading the order"
      errorAction={
        <Link to={paths.dashboard.purchaseOrders} className="font-medium underline">
          Back to the purchase orders
        </Link>
      }
    >
      {(found) => <OrderView order={found} canChange={canChange} isAdmin={isAdmin} finder={finder} />}
    </QueryState>
  );
}

function OrderView({
  order,
  canChange,
  isAdmin,
  finder,
}: {
  order: PurchaseOrder;
  canChange: boolean;
  isAdmin: boolean;
  finder: BookFinder;
}) {
  const [editing, setEditing] = useState(false);
  const transition = useOrderTransition();
  const exportCsv = useExportPurchaseOrders();
  const confirm = useConfirm();
  const cancelled = order.lines.reduce((sum, line) => sum + line.cancelled, 0);

  const run = async (action: OrderTransition) => {
    const { question, detail, label, done } = actions[action];
    if (question && !(await confirm(question, { confirmLabel: label, detail }))) return;
    transition.mutate(
      { id: order._id, action },
      { onSuccess: () => notify.success(done(order.number)), onError: (error) => notify.error(error.message) },
    );
  };

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <PrintHeading order={order} />
      <div className="flex flex-col gap-2 print:hidden">
        <div className="flex flex-wrap items-center gap-3">
          <span className="font-mono text-xl font-bold text-slate-900">{order.number}</span>
          <StateBadge state={order.state} />
        </div>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold text-slate-600">Supplier</dt>
          <dd className="break-words">{order.supplierName}</dd>
          <dt className="font-semibold text-slate-600">Expected</dt>
          <dd>{order.expectedAt ? formatDay(order.expectedAt) : 'Not set'}</dd>
          <dt className="font-semibold text-slate-600">Created</dt>
          <dd>
            {formatMoment(order.createdAt)} by {order.createdBy}
          </dd>
          {order.notes && (
            <>
              <dt className="font-semibold text-slate-600">Notes</dt>
              <dd className="break-words whitespace-pre-line">{order.notes}</dd>
            </>
          )}
        </dl>
      </div>
      <div className="flex flex-wrap gap-3 print:hidden">
        {canChange && order.state === 'draft' && !editing && (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Edit the draft
          </Button>
        )}
        {canChange && isAdmin && ORDERED_STATES.includes(order.state) && !editing && (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Edit lines
          </Button>
        )}
        {canChange &&
          allowed(order).map((action) => (
            <Button
              key={action}
              variant={action === 'order' ? 'primary' : 'danger'}
              disabled={transition.isPending}
              onClick={() => void run(action)}
            >
              {actions[action].label}
            </Button>
          ))}
        {canChange && (order.state === 'ordered' || order.state === 'partially_received') && (
          <Link to={paths.dashboard.receiveOrder(order._id)} className={buttonClass('primary')}>
            Receive against it
          </Link>
        )}
        <Button variant="secondary" onClick={() => window.print()}>
          Print
        </Button>
        <ExportButton exporter={exportCsv} input={{ q: order.number }} label="Download CSV" busyLabel="Downloading…" />
      </div>
      <DownloadProgressBar progress={exportCsv.progress} />
      {editing ? (
        <OrderEditor order={order} finder={finder} onDone={() => setEditing(false)} />
      ) : (
        <section aria-labelledby="order-lines-heading" className="flex flex-col gap-2">
          <h2 id="order-lines-heading" className="text-lg font-semibold print:hidden">
            Lines
          </h2>
          <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200 print:shadow-none print:ring-0">
            <table className={stacked.table}>
              <caption className="sr-only">The lines of {order.number}</caption>
              <TableHead columns={lineColumns} cellClassName="px-4 py-3" className={stacked.head} />
              <tbody className={stacked.body}>
                {order.lines.map((line) => (
                  <tr key={line.bookId} className={stacked.row}>
                    <td data-label="Book" className={`${stacked.cell} ${stacked.unlabelled}`}>
                      <Link
                        to={paths.dashboard.manageItem(line.bookId)}
                        className="font-semibold text-amber-800 hover:underline print:text-slate-900"
                      >
                        {line.bookName}
                      </Link>
                      {line.isbn && <span className="block text-xs text-slate-600">ISBN {line.isbn}</span>}
                    </td>
                    <td data-label="Ordered" className={num}>
                      {line.quantity}
                    </td>
                    <td data-label="Received" className={num}>
                      {line.received}
                    </td>
                    <td data-label="Cancelled" className={num}>
                      {line.cancelled}
                    </td>
                    <td data-label="Outstanding" className={`${num} font-semibold`}>
                      {line.outstanding}
                    </td>
                    <td data-label="Unit cost" className={num}>
                      {money.format(line.unitCost)}
                    </td>
                    <td data-label="Line cost" className={num}>
                      {money.format(line.quantity * line.unitCost)}
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="block border-t border-slate-200 font-semibold sm:table-footer-group">
                <tr className={stacked.row}>
                  <th scope="row" className={`${stacked.cell} ${stacked.unlabelled}`}>
                    Totals
                  </th>
                  <td data-label="Ordered" className={num}>
                    {order.totals.quantity}
                  </td>
                  <td data-label="Received" className={num}>
                    {order.totals.received}
                  </td>
                  <td data-label="Cancelled" className={num}>
                    {cancelled}
                  </td>
                  <td data-label="Outstanding" className={num}>
                    {order.totals.outstanding}
                  </td>
                  <td className={`${num} max-sm:hidden`} />
                  <td data-label="Order cost" className={num}>
                    {money.format(order.totals.cost)}
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
        </section>
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 print:hidden">
        <section aria-labelledby="order-history-heading" className="flex flex-col gap-2">
          <h2 id="order-history-heading" className="text-lg font-semibold">
            State history
          </h2>
          <ol className="flex flex-col gap-1 rounded-xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200">
            {order.events.map((event) => (
              <li key={`${event.state}-${event.at}`} className="flex flex-wrap gap-x-2">
                <span className="font-semibold">{stateLabels[event.state]}</span>
                <span className="text-slate-600">
                  {formatMoment(event.at)} · {event.email}
                </span>
              </li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="order-receipts-heading" className="flex flex-col gap-2">
          <h2 id="order-receipts-heading" className="text-lg font-semibold">
            Receipts
          </h2>
          {order.receipts.length === 0 ? (
            <p className="rounded-xl bg-white p-4 text-sm text-slate-600 shadow-sm ring-1 ring-slate-200">Nothing received yet.</p>
          ) : (
            <ol className="flex flex-col gap-2">
              {order.receipts.map((receipt) => (
                <li key={receipt._id} className="rounded-xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200">
                  <p className="font-semibold">
                    {formatMoment(receipt.createdAt)} · {receipt.email}
                  </p>
                  <ul className="mt-1">
                    {receipt.lines.map((line) => (
                      <li key={`${line.bookId}-${line.code}`}>
                        {line.quantity} × {order.lines.find((candidate) => candidate.bookId === line.bookId)?.bookName ?? line.bookId} into{' '}
                        <span className="font-mono">{line.code}</span>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </div>
  );
}

/**
 * On paper only: the order as the supplier reads it, with our name and address, the supplier's, the number and
 * dates (the screen's heading and navigation are not printed). The lines and totals print from the table.
 */
function PrintHeading({ order }: { order: PurchaseOrder }) {
  const supplier = useSupplier(order.supplierId);
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const update = () => setNow(new Date());
    window.addEventListener('beforeprint', update);
    return () => window.removeEventListener('beforeprint', update);
  }, []);
  return (
    <header className="hidden gap-4 print:grid print:grid-cols-2">
      <div>
        <h2 className="text-2xl font-bold text-slate-900">Purchase order {order.number}</h2>
        <p className="text-sm">Date {formatDay(now.toISOString())}</p>
        {order.expectedAt && <p className="text-sm">Delivery expected {formatDay(order.expectedAt)}</p>}
      </div>
      <div className="text-sm">
        <p className="font-semibold">From {contact.name}</p>
        <p>{contact.address}</p>
        <p>
          {contact.email} · {contact.phone}
        </p>
      </div>
      <div className="text-sm">
        <p className="font-semibold">To {order.supplierName}</p>
        {supplier.data?.email && <p>{supplier.data.email}</p>}
        {supplier.data?.phone && <p>{supplier.data.phone}</p>}
      </div>
      {order.notes && <p className="text-sm whitespace-pre-line">{order.notes}</p>}
    </header>
  );
}
