import type { Supplier } from '@book-warehouse/types';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { notify } from '../../../components/ui/notify';
import { Pager } from '../../../components/ui/pager';
import { QueryState } from '../../../components/ui/query-state';
import { SearchInput } from '../../../components/ui/search-input';
import { stacked } from '../../../components/ui/stacked-table';
import { TableHead } from '../../../components/ui/table-head';
import { useSuppliers } from '../api/get-suppliers';
import { useRemoveSupplier, useUpdateSupplier } from '../api/save-supplier';
import { SupplierForm } from './supplier-form';

const PAGE_SIZE = 20;
const columns = [
  'Supplier',
  'Contact',
  { label: 'Lead time', className: 'sm:text-right' },
  { label: 'Orders', className: 'sm:text-right' },
  'Actions',
];

/**
 * The suppliers by name: a search, the archived ones on their own, adding and editing in place, archiving,
 * restoring, and deleting (the server archives instead a supplier an order or a book names, and says so).
 */
export function SuppliersPanel({ canChange }: { canChange: boolean }) {
  const [q, setQ] = useState('');
  const [archived, setArchived] = useState(false);
  const [page, setPage] = useState(0);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string>();
  const suppliers = useSuppliers({ q: q || undefined, archived: archived || undefined, page, limit: PAGE_SIZE });
  const total = suppliers.data?.total;

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 sm:max-w-sm">
          <SearchInput
            label="Search suppliers"
            value={q}
            onSearch={(text) => {
              setQ(text);
              setPage(0);
            }}
          />
        </div>
        <label className="flex items-center gap-2 py-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="size-4 accent-amber-700"
            checked={archived}
            onChange={(event) => {
              setArchived(event.target.checked);
              setPage(0);
            }}
          />
          Archived suppliers only
        </label>
        {canChange && !adding && <Button onClick={() => setAdding(true)}>Add supplier</Button>}
      </div>
      {adding && (
        <section aria-labelledby="add-supplier-heading" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <div className="mb-3 flex items-center justify-between gap-3">
            <h2 id="add-supplier-heading" className="text-lg font-semibold text-slate-900">
              New supplier
            </h2>
            <Button variant="ghost" onClick={() => setAdding(false)}>
              Close
            </Button>
          </div>
          <SupplierForm onDone={() => setAdding(false)} />
        </section>
      )}
      <QueryState
        query={{ ...suppliers, data: suppliers.data?.items }}
        loading="Loading the suppliers"
        empty={archived ? 'No archived supplier.' : q ? `No supplier's name contains "${q}".` : 'No supplier yet: add the first one.'}
      >
        {(items) => (
          <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
            <table className={stacked.table}>
              <caption className="sr-only">{archived ? 'Archived suppliers' : 'Suppliers'}, by name</caption>
              <TableHead columns={columns} cellClassName="px-4 py-3" className={stacked.head} />
              <tbody className={stacked.body}>
                {items.map((supplier) =>
                  editing === supplier._id ? (
                    <tr key={supplier._id} className={stacked.row}>
                      <td colSpan={columns.length} className="block p-4 sm:table-cell">
                        <div className="mb-2 flex justify-end">
                          <Button variant="ghost" onClick={() => setEditing(undefined)}>
                            Close
                          </Button>
                        </div>
                        <SupplierForm supplier={supplier} onDone={() => setEditing(undefined)} />
                      </td>
                    </tr>
                  ) : (
                    <SupplierRow key={supplier._id} supplier={supplier} canChange={canChange} onEdit={() => setEditing(supplier._id)} />
                  ),
                )}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
      <Pager
        label="Supplier pages"
        page={page}
        pages={total === undefined ? undefined : Math.ceil(total / PAGE_SIZE)}
        hasNext={total !== undefined && (page + 1) * PAGE_SIZE < total}
        onPage={setPage}
      />
    </div>
  );
}

function SupplierRow({ supplier, canChange, onEdit }: { supplier: Supplier; canChange: boolean; onEdit: () => void }) {
  const confirm = useConfirm();
  const update = useUpdateSupplier();
  const remove = useRemoveSupplier();
  const busy = update.isPending || remove.isPending;

  const setArchived = (archived: boolean) =>
    update.mutate(
      { id: supplier._id, patch: { archived } },
      {
        onSuccess: () => notify.success(archived ? `Supplier ${supplier.name} archived` : `Supplier ${supplier.name} restored`),
        onError: (error) => notify.error(error.message),
      },
    );

  const onDelete = async () => {
    const ok = await confirm(`Delete ${supplier.name}?`, {
      detail: 'A supplier that an order or a book names is archived instead: its orders keep it.',
    });
    if (!ok) return;
    remove.mutate(supplier._id, {
      onSuccess: ({ outcome }) =>
        outcome === 'deleted'
          ? notify.success(`Supplier ${supplier.name} deleted`)
          : notify.success(`Supplier ${supplier.name} archived, not deleted: an order or a book names it`),
      onError: (error) => notify.error(error.message),
    });
  };

  return (
    <tr className={stacked.row}>
      <td data-label="Supplier" className={`${stacked.cell} ${stacked.unlabelled}`}>
        <span className="font-semibold break-words text-slate-900">{supplier.name}</span>
        {supplier.archived && (
          <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">Archived</span>
        )}
        {supplier.notes && <span className="block text-xs break-words text-slate-600">{supplier.notes}</span>}
      </td>
      <td data-label="Contact" className={`${stacked.cell} break-words`}>
        {supplier.email && (
          <a href={`mailto:${supplier.email}`} className="block text-amber-800 hover:underline">
            {supplier.email}
          </a>
        )}
        {supplier.phone && <span className="block">{supplier.phone}</span>}
        {!supplier.email && !supplier.phone && <span className="text-slate-500">None</span>}
      </td>
      <td data-label="Lead time" className={`${stacked.cell} tabular-nums sm:text-right`}>
        {supplier.leadTimeDays === undefined ? '—' : `${supplier.leadTimeDays} ${supplier.leadTimeDays === 1 ? 'day' : 'days'}`}
      </td>
      <td data-label="Orders" className={`${stacked.cell} tabular-nums sm:text-right`}>
        {supplier.orderCount}
      </td>
      <td data-label="Actions" className={`${stacked.cell} ${stacked.unlabelled}`}>
        {canChange && (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" className="px-3 py-1" onClick={onEdit} disabled={busy} aria-label={`Edit ${supplier.name}`}>
              Edit
            </Button>
            <Button
              variant="secondary"
              className="px-3 py-1"
              onClick={() => setArchived(!supplier.archived)}
              disabled={busy}
              aria-label={`${supplier.archived ? 'Restore' : 'Archive'} ${supplier.name}`}
            >
              {supplier.archived ? 'Restore' : 'Archive'}
            </Button>
            <Button
              variant="danger"
              className="px-3 py-1"
              onClick={() => void onDelete()}
              disabled={busy}
              aria-label={`Delete ${supplier.name}`}
            >
              Delete
            </Button>
          </div>
        )}
      </td>
    </tr>
  );
}
