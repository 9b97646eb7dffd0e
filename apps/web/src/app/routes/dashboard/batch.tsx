import { useSearchParams } from 'react-router-dom';
import { BatchSession } from '../../../features/books/components/batch-session';
import { useLocations } from '../../../features/locations/api/get-locations';
import { useOpenLocationCode } from '../../../features/locations/api/use-open-location-code';
import { ViewOnlyNotice } from '../../../features/users/components/view-only-notice';
import { Spinner } from '../../../components/ui/spinner';
import { usePermissions } from '../../../lib/account';
import { PageHeading } from './page-heading';

/**
 * Batch receiving and delivering (docs/scanning.md): staff only, as every stock change (docs/rules.md, Roles).
 * `?location=<id>` (a location page's 'Receive into') receives every line there; a location's label scanned here opens it.
 */
export function BatchPage() {
  const { canChangeStock, viewOnly } = usePermissions();
  const locations = useLocations();
  const openLocation = useOpenLocationCode();
  const [search] = useSearchParams();
  const into = search.get('location') ?? undefined;
  return (
    <section aria-labelledby="batch-heading" className="flex max-w-3xl min-w-0 flex-col gap-4">
      <PageHeading id="batch-heading">Batch Receive/Deliver</PageHeading>
      <p className="text-sm text-slate-600">
        Choose Receive or Deliver, then scan or type one ISBN after another. Nothing changes until you commit; then every line is applied at
        once, or none is.
      </p>
      {canChangeStock ? (
        <BatchSession key={into} locations={locations.data} locationId={into} openCode={openLocation} />
      ) : viewOnly ? (
        <ViewOnlyNotice />
      ) : (
        <Spinner label="Loading your account" className="min-h-64" />
      )}
    </section>
  );
}
