import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Outlet, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { bookByIsbnQueryOptions } from '../../../features/books/api/find-book-by-isbn';
import { bookQueryOptions } from '../../../features/books/api/get-book';
import { LocationDetails } from '../../../features/locations/components/location-details';
import { LocationLabels } from '../../../features/locations/components/location-labels';
import { LocationsPanel } from '../../../features/locations/components/locations-panel';
import { MoveScreen } from '../../../features/locations/components/move-session';
import { ViewOnlyNotice } from '../../../features/users/components/view-only-notice';
import { usePermissions } from '../../../lib/account';
import { catalogueBook } from '../../../lib/offline/catalogue';
import { PageHeading } from './page-heading';

/** The location tree beside the chosen location's page (below it on a phone). */
export function LocationsPage() {
  const { locationId } = useParams();
  const navigate = useNavigate();
  const { canChangeStock } = usePermissions();
  return (
    <section aria-labelledby="locations-heading" className="flex min-w-0 flex-col gap-4">
      <PageHeading id="locations-heading">Locations</PageHeading>
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <LocationsPanel
          selectedId={locationId}
          canChange={canChangeStock}
          onSelect={(location) => void navigate(paths.dashboard.location(location._id))}
        />
        {locationId ? (
          <Outlet />
        ) : (
          <p className="text-sm text-slate-600">Choose a location to see what it and everything beneath it holds.</p>
        )}
      </div>
    </section>
  );
}

/** One location's page, nested beside the tree. */
export function LocationPage() {
  const { locationId = '' } = useParams();
  const { canChangeStock } = usePermissions();
  return <LocationDetails key={locationId} locationId={locationId} canChange={canChangeStock} />;
}

/** Printable labels of a location, or of its subtree (`?subtree=1`). */
export function LocationLabelsPage() {
  const { locationId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  return (
    <section aria-labelledby="labels-heading" className="flex min-w-0 flex-col gap-4">
      <div className="print:hidden">
        <PageHeading id="labels-heading">Location labels</PageHeading>
      </div>
      <LocationLabels
        locationId={locationId}
        subtree={search.get('subtree') === '1'}
        onSubtree={(subtree) => setSearch(subtree ? { subtree: '1' } : {}, { replace: true })}
      />
    </section>
  );
}

/** Moving copies between locations: staff only, as every stock change (docs/rules.md, Roles). */
export function MovePage() {
  const { canChangeStock, viewOnly } = usePermissions();
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  // Asked afresh: the move shows what the source holds now. A list answer may leave out the book's stock by
  // location, which the move shows per line: then the book itself is read (GET /book/{id}).
  const findBook = useCallback(
    async (isbn: string) => {
      // Without a network: the catalogue copy's book, its stock by location as last known.
      if (!navigator.onLine) return catalogueBook(isbn);
      const found = await queryClient.fetchQuery({ ...bookByIsbnQueryOptions(isbn), staleTime: 0 });
      if (!found || found.locations) return found;
      return queryClient.fetchQuery({ ...bookQueryOptions(found._id), staleTime: 0 });
    },
    [queryClient],
  );
  return (
    <section aria-labelledby="move-heading" className="flex max-w-3xl min-w-0 flex-col gap-4">
      <PageHeading id="move-heading">Move Stock</PageHeading>
      <p className="text-sm text-slate-600">
        Scan the shelf the books come from, then each book (or type a count for a box), then the shelf they go to. Nothing moves until you
        commit; then every line moves at once, or none does.
      </p>
      {canChangeStock ? (
        <MoveScreen findBook={findBook} fromId={search.get('from') ?? undefined} />
      ) : viewOnly ? (
        <ViewOnlyNotice />
      ) : (
        <Spinner label="Loading your account" className="min-h-64" />
      )}
    </section>
  );
}
