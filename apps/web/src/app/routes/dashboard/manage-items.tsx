import { Outlet, useLocation, useNavigate, useParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { BooksTable } from '../../../features/books/components/books-table';
import { useLocations } from '../../../features/locations/api/get-locations';
import { ViewOnlyNotice } from '../../../features/users/components/view-only-notice';
import { usePermissions } from '../../../lib/account';
import { PageHeading } from './page-heading';

/**
 * All products, with the update form of the chosen one nested beside (very wide screens) or below the table. A
 * viewer gets the table without Edit and Delete (docs/rules.md, Roles).
 */
export function ManageItemsPage() {
  const { itemid } = useParams();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { canChangeStock, viewOnly } = usePermissions();
  // The location filter offers every location; while they load (or if they fail) the list shows without it.
  const locations = useLocations();
  return (
    <section aria-labelledby="manage-items-heading" className="flex flex-col gap-4">
      <PageHeading id="manage-items-heading">Manage Items</PageHeading>
      {viewOnly && <ViewOnlyNotice />}
      {/* The form sits beside the table only where both fit whole (2xl); below that it goes under the table, so no row loses its controls. */}
      <div className={itemid ? 'grid grid-cols-[minmax(0,1fr)] items-start gap-6 2xl:grid-cols-[minmax(0,1fr)_22rem]' : undefined}>
        <BooksTable
          readOnly={!canChangeStock}
          selectedId={itemid}
          locations={locations.data}
          onDeleted={(book) => {
            if (book._id === itemid) void navigate({ pathname: paths.dashboard.manageItems, search });
          }}
        />
        <Outlet />
      </div>
    </section>
  );
}
