import { ReorderList } from '../../../features/books/components/reorder-list';
import { ViewOnlyNotice } from '../../../features/users/components/view-only-notice';
import { usePermissions } from '../../../lib/account';

/** The books to reorder (staff only, as GET /reorder is). */
export function ReorderPage() {
  const { canChangeStock, viewOnly } = usePermissions();
  return (
    <section aria-labelledby="reorder-heading" className="flex min-w-0 flex-col gap-4">
      <h1 id="reorder-heading" className="text-2xl font-bold">
        Reorder
      </h1>
      {viewOnly && <ViewOnlyNotice />}
      {canChangeStock && <ReorderList />}
    </section>
  );
}
