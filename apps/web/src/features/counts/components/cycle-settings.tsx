import type { Location } from '@book-warehouse/types';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { LocationSelect } from '../../../components/ui/location-fields';
import { notify } from '../../../components/ui/notify';
import { QueryState } from '../../../components/ui/query-state';
import { useCountCycles, useSetCountCycle } from '../api/count-cycles';
import { when } from '../format';
import { ApiErrorNotice } from './api-errors';
import { cycleName } from './due-for-count';

const control = 'w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900';

/** Admins say how often a location or a category is counted (PUT /counts/cycles), or stop it. */
export function CycleSettings({ locations, categories }: { locations: readonly Location[]; categories: readonly string[] }) {
  const cycles = useCountCycles(true);
  const setCycle = useSetCountCycle();
  const id = useId();
  const [target, setTarget] = useState<'location' | 'category'>('location');
  const [locationId, setLocationId] = useState('');
  const [category, setCategory] = useState('');
  const [days, setDays] = useState('30');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = target === 'location' ? { locationId } : { category };
    setCycle.mutate({ ...body, intervalDays: Number(days) }, { onSuccess: () => notify.success(`Counted every ${days} days`) });
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex min-w-0 flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Count cycles
      </h2>
      <form onSubmit={submit} className="grid items-end gap-3 sm:grid-cols-[auto_minmax(0,1fr)_8rem_auto]">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-target`} className="text-sm font-medium text-slate-700">
            Count a
          </label>
          <select
            id={`${id}-target`}
            className={control}
            value={target}
            onChange={(e) => setTarget(e.target.value as 'location' | 'category')}
          >
            <option value="location">Location</option>
            <option value="category">Category</option>
          </select>
        </div>
        {target === 'location' ? (
          <LocationSelect label="Location" locations={locations} value={locationId} onChange={setLocationId} none="Choose a location" />
        ) : (
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-category`} className="text-sm font-medium text-slate-700">
              Category
            </label>
            <select id={`${id}-category`} className={control} value={category} onChange={(e) => setCategory(e.target.value)}>
              <option value="">Choose a category</option>
              {categories.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </div>
        )}
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-days`} className="text-sm font-medium text-slate-700">
            Every (days)
          </label>
          <input
            id={`${id}-days`}
            type="number"
            min={1}
            max={3650}
            className={control}
            value={days}
            onChange={(e) => setDays(e.target.value)}
          />
        </div>
        <Button type="submit" className="min-h-11" disabled={setCycle.isPending}>
          Save cycle
        </Button>
      </form>
      <ApiErrorNotice error={setCycle.error} fieldNames={{ locationId: 'Location', category: 'Category', intervalDays: 'Every (days)' }} />
      <QueryState query={cycles} loading="Loading the count cycles" loadingClassName="min-h-24">
        {(all) =>
          all.length === 0 ? (
            <p className="text-sm text-slate-600">No location or category is counted on a cycle yet.</p>
          ) : (
            <ul aria-label="Count cycles" className="flex flex-col divide-y divide-slate-200">
              {all.map((cycle) => (
                <li key={cycle.locationId ?? cycle.category} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                  <span className="min-w-0 break-words">
                    <span className="font-semibold">{cycleName(cycle)}</span>: every {cycle.intervalDays} days
                    {cycle.lastCountedAt && `, last counted ${when.format(new Date(cycle.lastCountedAt))}`}
                    {cycle.due && <span className="ml-2 rounded bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">Due</span>}
                  </span>
                  <Button
                    variant="secondary"
                    disabled={setCycle.isPending}
                    onClick={() =>
                      setCycle.mutate(
                        { ...(cycle.category ? { category: cycle.category } : { locationId: cycle.locationId }), intervalDays: null },
                        { onSuccess: () => notify.success(`${cycleName(cycle)} is no longer counted on a cycle`) },
                      )
                    }
                  >
                    Stop <span className="sr-only">counting {cycleName(cycle)} on a cycle</span>
                  </Button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
