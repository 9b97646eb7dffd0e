import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { useBooksByOwner } from '../../features/books/api/get-my-books';
import { BookCard } from '../../features/books/components/book-card';
import { BookGrid } from '../../features/books/components/book-grid';
import { MyBookActions } from '../../features/books/components/my-book-actions';
import { usePermissions } from '../../lib/account';
import { useAuth } from '../../lib/auth';

/** /myitems (docs/rules.md, My Items): the signed-in user's own books. Behind RequireAuth, so there is a user. */
export function MyItemsPage() {
  const { user } = useAuth();
  return (
    <section aria-labelledby="my-items-heading" className="flex flex-col gap-6">
      <h1 id="my-items-heading" className="text-2xl font-bold">
        My Books Collection
      </h1>
      {user?.email ? (
        <OwnBooks email={user.email} />
      ) : (
        <p className="rounded-xl bg-white p-6 text-slate-600 ring-1 ring-slate-200">
          Your account has no e-mail address, and books are filed by their owner&apos;s e-mail.
        </p>
      )}
    </section>
  );
}

function OwnBooks({ email }: { email: string }) {
  const books = useBooksByOwner(email);
  const { canChangeStock } = usePermissions();
  if (books.isPending) return <Spinner label="Loading your books" className="min-h-96" />;
  if (books.isError)
    return (
      <p role="alert" className="text-red-700">
        {books.error.message}
      </p>
    );
  if (books.data.length === 0)
    return (
      <div className="flex flex-col items-start gap-4 rounded-xl bg-white p-6 ring-1 ring-slate-200">
        <p className="text-slate-600">You have not added any books yet.</p>
        {canChangeStock && (
          <Link to={paths.dashboard.addItem} className={buttonClass('primary')}>
            Add a book
          </Link>
        )}
      </div>
    );
  return (
    <BookGrid>
      {books.data.map((book) => (
        <BookCard key={book._id} book={book} actions={<MyBookActions book={book} />} />
      ))}
    </BookGrid>
  );
}
