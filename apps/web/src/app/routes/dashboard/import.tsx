import { Spinner } from '../../../components/ui/spinner';
import { messages } from '../../../config/messages';
import { ImportBooks } from '../../../features/import/components/import-books';
import { ViewOnlyNotice } from '../../../features/users/components/view-only-notice';
import { usePermissions } from '../../../lib/account';

/** /dashboard/import: books from a CSV file, for staff; a viewer reads why it is not there. */
export function ImportPage() {
  const { canChangeStock, viewOnly } = usePermissions();
  return (
    <section aria-labelledby="import-heading" className="flex flex-col gap-4">
      <h1 id="import-heading" className="text-2xl font-bold">
        {messages.importTitle}
      </h1>
      {canChangeStock ? <ImportBooks /> : viewOnly ? <ViewOnlyNotice /> : <Spinner label="Loading your account" className="min-h-64" />}
    </section>
  );
}
