import type { Location } from '@book-warehouse/types';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, buttonClass } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { notify } from '../../../components/ui/notify';
import { QueryState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { useDeleteLocation } from '../api/delete-location';
import { useLocation } from '../api/get-location';
import { useLocations } from '../api/get-locations';
import { LocationForm } from './location-form';
import { LocationStockTable } from './location-stock-table';

/** A count of copies, or 'copies hidden' while a blind count hides it (the reason is said beneath). */
const copies = (n: number | null) => (n === null ? 'copies hidden' : `${n} ${n === 1 ? 'copy' : 'copies'}`);

type Panel = 'add' | 'edit' | undefined;

/**
 * A location's page: the path to it, what it and everything beneath it holds, and its actions: receive into it
 * and move from it (where it holds stock), print its labels; staff also add a child, edit and delete it. A
 * refusal (a code taken, a location still holding copies) is shown in place with the server's message.
 */
export function LocationDetails({ locationId, canChange }: { locationId: string; canChange: boolean }) {
  const location = useLocation(locationId);
  const all = useLocations();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const remove = useDeleteLocation();
  const [panel, setPanel] = useState<Panel>();
  const [deleteRefusal, setDeleteRefusal] = useState<string>();

  return (
    <QueryState query={location} loading="Loading the location" loadingClassName="min-h-64">
      {(detail) => {
        // Its own subtree cannot be its parent (the server refuses the cycle too).
        const parents = (all.data ?? []).filter((other) => other._id !== detail._id && !other.ancestorIds.includes(detail._id));
        const onDelete = async () => {
          setDeleteRefusal(undefined);
          if (!(await confirm(`Delete location ${detail.code}?`, { detail: detail.name }))) return;
          remove.mutate(detail._id, {
            onSuccess: () => {
              notify.success(`Location ${detail.code} deleted`);
              void navigate(detail.parentId ? paths.dashboard.location(detail.parentId) : paths.dashboard.locations);
            },
            onError: (error) => setDeleteRefusal(error.message),
          });
        };
        const done = (saved: Location) => {
          setPanel(undefined);
          void navigate(paths.dashboard.location(saved._id));
        };
        return (
          <article aria-labelledby="location-heading" className="flex min-w-0 flex-col gap-4">
            <nav aria-label="Breadcrumb">
              <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-600">
                <li>
                  <Link to={paths.dashboard.locations} className="hover:underline">
                    All locations
                  </Link>
                </li>
                {[...detail.ancestors, detail].map((step) => (
                  <li key={step._id} className="flex items-center gap-1">
                    <span aria-hidden="true">›</span>
                    {step._id === detail._id ? (
                      <span aria-current="page" className="font-semibold text-slate-900">
                        {step.code}
                      </span>
                    ) : (
                      <Link to={paths.dashboard.location(step._id)} className="hover:underline">
                        {step.code}
                      </Link>
                    )}
                  </li>
                ))}
              </ol>
            </nav>
            <header className="flex flex-col gap-1">
              <h2 id="location-heading" className="text-xl font-bold break-words text-slate-900">
                {detail.name} <span className="font-mono text-base font-semibold text-slate-600">{detail.code}</span>
              </h2>
              <p className="text-sm text-slate-700">
                {detail.holdsStock ? `${copies(detail.quantity)} here` : 'Groups other locations; holds no stock itself'}
                {detail.childCount > 0 && `, ${copies(detail.subtreeQuantity)} with the ${detail.childCount} beneath`}
              </p>
              {detail.hidden && <p className="text-sm text-slate-700">{detail.hidden}: the copies show again once counting stops.</p>}
            </header>
            <div className="flex flex-wrap gap-2">
              {canChange && detail.holdsStock && (
                <Link to={paths.dashboard.batchInto(detail._id)} className={buttonClass('primary')}>
                  Receive into {detail.code}
                </Link>
              )}
              {/* Hidden copies offer no move: the button would say that some are there. */}
              {canChange && detail.subtreeQuantity !== null && detail.subtreeQuantity > 0 && (
                <Link to={paths.dashboard.moveFrom(detail._id)} className={buttonClass('secondary')}>
                  Move from {detail.code}
                </Link>
              )}
              <Link to={paths.dashboard.locationLabels(detail._id, detail.childCount > 0)} className={buttonClass('secondary')}>
                Print labels
              </Link>
              {canChange && (
                <>
                  <Button variant="secondary" aria-expanded={panel === 'add'} onClick={() => setPanel(panel === 'add' ? undefined : 'add')}>
                    Add child
                  </Button>
                  <Button
                    variant="secondary"
                    aria-expanded={panel === 'edit'}
                    onClick={() => setPanel(panel === 'edit' ? undefined : 'edit')}
                  >
                    Edit
                  </Button>
                  <Button variant="danger" onClick={() => void onDelete()} disabled={remove.isPending}>
                    Delete
                  </Button>
                </>
              )}
            </div>
            {deleteRefusal && (
              <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
                {deleteRefusal}
              </p>
            )}
            {panel && (
              <section
                aria-label={panel === 'add' ? `New location under ${detail.code}` : `Edit ${detail.code}`}
                className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
              >
                <LocationForm
                  key={`${panel}-${detail._id}`}
                  mode={panel === 'add' ? { kind: 'add', parent: detail } : { kind: 'edit', location: detail, parents }}
                  onDone={done}
                />
              </section>
            )}
            <section aria-labelledby="location-stock-heading" className="flex flex-col gap-2">
              <h3 id="location-stock-heading" className="text-lg font-semibold">
                What it holds
              </h3>
              <LocationStockTable locationId={detail._id} code={detail.code} />
            </section>
          </article>
        );
      }}
    </QueryState>
  );
}
