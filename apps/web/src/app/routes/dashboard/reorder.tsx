import { ReorderList } from '../../../features/books/components/reorder-list';
import { CreateOrders } from '../../../features/purchasing/components/create-orders';
import { ViewOnlyNotice } from '../../../features/users/components/view-only-notice';
import { usePermissions } from '../../../lib/account';
import { PageHeading } from './page-heading';

/** The books to reorder, and 'Create orders' drafting them (staff only, as GET /reorder is). */
export function ReorderPage() {
  const { canChangeStock, viewOnly } = usePermissions();
  return (
    <section aria-labelledby="reorder-heading" className="flex min-w-0 flex-col gap-4">
      <PageHeading id="reorder-heading">Reorder</PageHeading>
      {viewOnly && <ViewOnlyNotice />}
      {canChangeStock && <CreateOrders />}
      {canChangeStock && <ReorderList />}
    </section>
  );
}
