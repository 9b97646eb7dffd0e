import { Link, useNavigate, useParams } from 'react-router-dom';
import { QueryState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { useBook } from '../../../features/books/api/get-book';
import { UpdateBookForm } from '../../../features/books/components/update-book-form';
import { ViewOnlyNotice } from '../../../features/users/components/view-only-notice';
import { usePermissions } from '../../../lib/account';

export function UpdateItemPage() {
  const { itemid = '' } = useParams();
  const navigate = useNavigate();
  const book = useBook(itemid);
  const { viewOnly } = usePermissions();
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
      {(found) => <UpdateBookForm key={found._id} book={found} onClose={() => navigate(paths.dashboard.manageItems)} />}
    </QueryState>
  );
}
