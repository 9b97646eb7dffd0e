import { PURCHASE_ORDER_SORTS, PURCHASE_ORDER_STATES } from '@book-warehouse/types';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DownloadProgressBar } from '../../../components/ui/download-progress';
import { ExportButton } from '../../../components/ui/export-button';
import { Pager } from '../../../components/ui/pager';
import { QueryState } from '../../../components/ui/query-state';
import { SearchInput } from '../../../components/ui/search-input';
import { stacked } from '../../../components/ui/stacked-table';
import { TableHead } from '../../../components/ui/table-head';
import { paths } from '../../../config/paths';
import { useExportPurchaseOrders, usePurchaseOrders } from '../api/get-purchase-orders';
import { useSupplierChoices } from '../api/get-suppliers';
import { formatDay, formatMoment, money, StateBadge, stateLabels } from '../format';

const PAGE_SIZE = 20;
const select =
  'w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-amber-500 focus:ring-2 focus:ring-amber-200 focus:outline-none';
const columns = [
  'Order',
  'Supplier',
  'State',
  'Created',
  'Expected',
  { label: 'Copies', className: 'sm:text-right' },
  { label: 'Outstanding', className: 'sm:text-right' },
  { label: 'Cost', className: 'sm:text-right' },
];
const sortLabels: Record<(typeof PURCHASE_ORDER_SORTS)[number], string> = {
  number: 'Number',
  createdAt: 'Created',
  updatedAt: 'Updated',
  expectedAt: 'Expected',
  state: 'State',
  supplierName: 'Supplier',
};
/** 'Open' is every state whose copies are still expected. */
const OPEN = 'draft,ordered,partially_received';

/** The purchase orders: by state, supplier, a number or supplier search, sorted, a page at a time, and as CSV. */
export function OrdersList() {
  const [state, setState] = useState('');
  const [supplierId, setSupplierId] = useState('');
  const [q, setQ] = useState('');
  const [sort, setSort] = useState('-createdAt');
  const [page, setPage] = useState(0);
  const suppliers = useSupplierChoices();
  const filters = { state: state || undefined, supplierId: supplierId || undefined, q: q || undefined, sort };
  const orders = usePurchaseOrders({ ...filters, page, limit: PAGE_SIZE });
  const exportCsv = useExportPurchaseOrders();
  const total = orders.data?.total;
  const choose = (set: (value: string) => void) => (value: string) => {
    set(value);
    setPage(0);
  };

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <SearchInput label="Search by number or supplier" value={q} onSearch={choose(setQ)} placeholder="PO-000123" />
        <Labelled label="State">
          {(id) => (
            <select id={id} className={select} value={state} onChange={(event) => choose(setState)(event.target.value)}>
              <option value="">Every state</option>
              <option value={OPEN}>Open (draft, ordered, partially received)</option>
              {PURCHASE_ORDER_STATES.map((value) => (
                <option key={value} value={value}>
                  {stateLabels[value]}
                </option>
              ))}
            </select>
          )}
        </Labelled>
        <Labelled label="Supplier">
          {(id) => (
            <select id={id} className={select} value={supplierId} onChange={(event) => choose(setSupplierId)(event.target.value)}>
              <option value="">Every supplier</option>
              {suppliers.data?.map((supplier) => (
                <option key={supplier._id} value={supplier._id}>
                  {supplier.name}
                </option>
              ))}
            </select>
          )}
        </Labelled>
        <Labelled label="Sort by">
          {(id) => (
            <select id={id} className={select} value={sort} onChange={(event) => choose(setSort)(event.target.value)}>
              {PURCHASE_ORDER_SORTS.flatMap((key) => [
                <option key={`-${key}`} value={`-${key}`}>
                  {sortLabels[key]}, {key === 'supplierName' || key === 'state' ? 'Z to A' : 'newest first'}
                </option>,
                <option key={key} value={key}>
                  {sortLabels[key]}, {key === 'supplierName' || key === 'state' ? 'A to Z' : 'oldest first'}
                </option>,
              ])}
            </select>
          )}
        </Labelled>
      </div>
      <div className="flex flex-wrap gap-3">
        <ExportButton exporter={exportCsv} input={filters} label="Download CSV" busyLabel="Downloading…" />
      </div>
      <DownloadProgressBar progress={exportCsv.progress} />
      <QueryState
        query={{ ...orders, data: orders.data?.items }}
        loading="Loading the purchase orders"
        empty="No purchase order matches. The Reorder page's 'Create orders' drafts them from the low books."
      >
        {(items) => (
          <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
            <table className={stacked.table}>
              <caption className="sr-only">Purchase orders</caption>
              <TableHead columns={columns} cellClassName="px-4 py-3" className={stacked.head} />
              <tbody className={stacked.body}>
                {items.map((order) => (
                  <tr key={order._id} className={stacked.row}>
                    <td data-label="Order" className={`${stacked.cell} ${stacked.unlabelled}`}>
                      <Link
                        to={paths.dashboard.purchaseOrder(order._id)}
                        className="font-mono font-semibold text-amber-800 hover:underline"
                      >
                        {order.number}
                      </Link>
                    </td>
                    <td data-label="Supplier" className={`${stacked.cell} break-words`}>
                      {order.supplierName}
                    </td>
                    <td data-label="State" className={stacked.cell}>
                      <StateBadge state={order.state} />
                    </td>
                    <td data-label="Created" className={stacked.cell}>
                      {formatMoment(order.createdAt)}
                    </td>
                    <td data-label="Expected" className={stacked.cell}>
                      {order.expectedAt ? formatDay(order.expectedAt) : '—'}
                    </td>
                    <td data-label="Copies" className={`${stacked.cell} tabular-nums sm:text-right`}>
                      {order.totals.quantity}
                    </td>
                    <td data-label="Outstanding" className={`${stacked.cell} tabular-nums sm:text-right`}>
                      {order.totals.outstanding}
                    </td>
                    <td data-label="Cost" className={`${stacked.cell} tabular-nums sm:text-right`}>
                      {money.format(order.totals.cost)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
      <Pager
        label="Purchase order pages"
        page={page}
        pages={total === undefined ? undefined : Math.ceil(total / PAGE_SIZE)}
        hasNext={total !== undefined && (page + 1) * PAGE_SIZE < total}
        onPage={setPage}
      />
    </div>
  );
}

/** A label above a control it names by id. */
function Labelled({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children(id)}
    </div>
  );
}
