import { ReorderList } from '../../../features/books/components/reorder-list';
import { ViewOnlyNotice } from '../../../features/users/components/view-only-notice';
import { usePermissions } from '../../../lib/account';
import { PageHeading } from './page-heading';

/** The books to reorder (staff only, as GET /reorder is). */
export function ReorderPage() {
  const { canChangeStock, viewOnly } = usePermissions();
  return (
    <section aria-labelledby="reorder-heading" className="flex min-w-0 flex-col gap-4">
      <PageHeading id="reorder-heading">Reorder</PageHeading>
      {viewOnly && <ViewOnlyNotice />}
      {canChangeStock && <ReorderList />}
    </section>
  );
}
