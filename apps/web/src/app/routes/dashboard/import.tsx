import { Spinner } from '../../../components/ui/spinner';
import { messages } from '../../../config/messages';
import { ImportBooks } from '../../../features/import/components/import-books';
import { ViewOnlyNotice } from '../../../features/users/components/view-only-notice';
import { usePermissions } from '../../../lib/account';
import { PageHeading } from './page-heading';

/** /dashboard/import: books from a CSV file, for staff; a viewer reads why it is not there. */
export function ImportPage() {
  const { canChangeStock, viewOnly } = usePermissions();
  return (
    <section aria-labelledby="import-heading" className="flex flex-col gap-4">
      <PageHeading id="import-heading">{messages.importTitle}</PageHeading>
      {canChangeStock ? <ImportBooks /> : viewOnly ? <ViewOnlyNotice /> : <Spinner label="Loading your account" className="min-h-64" />}
    </section>
  );
}
