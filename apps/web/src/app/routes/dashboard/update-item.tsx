import { Link, useNavigate, useParams } from 'react-router-dom';
import { QueryState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { useBook } from '../../../features/books/api/get-book';
import { BookBuying } from '../../../features/books/components/book-buying';
import { BookLocations } from '../../../features/books/components/book-locations';
import { UpdateBookForm } from '../../../features/books/components/update-book-form';
import { useLocations } from '../../../features/locations/api/get-locations';
import { useSupplierChoices } from '../../../features/purchasing/api/get-suppliers';
import { ViewOnlyNotice } from '../../../features/users/components/view-only-notice';
import { usePermissions } from '../../../lib/account';

export function UpdateItemPage() {
  const { itemid = '' } = useParams();
  const navigate = useNavigate();
  const book = useBook(itemid);
  const locations = useLocations();
  const { viewOnly, canChangeStock } = usePermissions();
  const suppliers = useSupplierChoices(canChangeStock);
  if (viewOnly) return <ViewOnlyNotice />;
  return (
    <QueryState
      query={book}
      loading="Loading the book"
      errorAction={
        <Link to={paths.dashboard.manageItems} className="font-medium underline">
          Back to Manage Items
        </Link>
      }
    >
      {(found) => (
        <div className="flex min-w-0 flex-col gap-6">
          <UpdateBookForm
            key={found._id}
            book={found}
            locations={locations.data}
            suppliers={suppliers.data}
            onClose={() => navigate(paths.dashboard.manageItems)}
          />
          <BookBuying book={found} />
          <BookLocations book={found} />
        </div>
      )}
    </QueryState>
  );
}
