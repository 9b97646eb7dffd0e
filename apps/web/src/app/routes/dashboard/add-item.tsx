import { useSearchParams } from 'react-router-dom';
import { Spinner } from '../../../components/ui/spinner';
import { AddBookForm } from '../../../features/books/components/add-book-form';
import { useLocations } from '../../../features/locations/api/get-locations';
import { useSupplierChoices } from '../../../features/purchasing/api/get-suppliers';
import { ViewOnlyNotice } from '../../../features/users/components/view-only-notice';
import { usePermissions } from '../../../lib/account';
import { PageHeading } from './page-heading';

/**
 * The Add Books form for staff; a viewer reads why it is not there (docs/rules.md, Roles). `?isbn=` (a scanned
 * book the warehouse does not have yet, from the Scan page) fills in the ISBN.
 */
export function AddItemPage() {
  const { canChangeStock, viewOnly } = usePermissions();
  const isbn = useSearchParams()[0].get('isbn') ?? undefined;
  const locations = useLocations();
  const suppliers = useSupplierChoices(canChangeStock);
  return (
    <section aria-labelledby="add-item-heading" className="flex max-w-3xl flex-col gap-4">
      <PageHeading id="add-item-heading">Add Books</PageHeading>
      {canChangeStock ? (
        <AddBookForm key={isbn} isbn={isbn} locations={locations.data} suppliers={suppliers.data} />
      ) : viewOnly ? (
        <ViewOnlyNotice />
      ) : (
        <Spinner label="Loading your account" className="min-h-64" />
      )}
    </section>
  );
}
