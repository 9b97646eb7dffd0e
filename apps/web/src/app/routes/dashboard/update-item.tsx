import { Link, useNavigate, useParams } from 'react-router-dom';
import { Spinner } from '../../../components/ui/spinner';
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
  if (book.isPending) return <Spinner label="Loading the book" className="min-h-96" />;
  if (book.isError)
    return (
      <div role="alert" className="rounded-xl bg-red-50 p-6 text-red-800 ring-1 ring-red-200">
        <p>{book.error.message}</p>
        <Link to={paths.dashboard.manageItems} className="mt-2 inline-block font-medium underline">
          Back to Manage Items
        </Link>
      </div>
    );
  return <UpdateBookForm key={book.data._id} book={book.data} onClose={() => navigate(paths.dashboard.manageItems)} />;
}
