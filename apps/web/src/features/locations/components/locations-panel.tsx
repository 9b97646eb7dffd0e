import type { Location } from '@book-warehouse/types';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { QueryState, RowsSkeleton } from '../../../components/ui/query-state';
import { useLocations } from '../api/get-locations';
import { LocationForm } from './location-form';
import { LocationTree } from './location-tree';

/** The tree of every location with its subtree totals, and (staff) a form for a new top-level location. */
export function LocationsPanel({
  selectedId,
  onSelect,
  canChange,
}: {
  selectedId?: string;
  onSelect: (location: Location) => void;
  canChange: boolean;
}) {
  const locations = useLocations();
  const [adding, setAdding] = useState(false);
  return (
    <div className="flex min-w-0 flex-col gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
      <QueryState query={locations} loading="Loading the locations" skeleton={<RowsSkeleton count={6} />}>
        {(data) => <LocationTree locations={data} selectedId={selectedId} onSelect={onSelect} />}
      </QueryState>
      {canChange && (
        <div className="flex flex-col gap-3 border-t border-slate-200 pt-3">
          <Button variant="secondary" aria-expanded={adding} onClick={() => setAdding((v) => !v)}>
            {adding ? 'Close' : 'Add a top-level location'}
          </Button>
          {adding && (
            <LocationForm
              mode={{ kind: 'add' }}
              onDone={(location) => {
                setAdding(false);
                onSelect(location);
              }}
            />
          )}
        </div>
      )}
    </div>
  );
}
