import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/ui/button';
import { EmptyState, QueryState } from '../../components/ui/query-state';
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
        <EmptyState>Your account has no e-mail address, and books are filed by their owner&apos;s e-mail.</EmptyState>
      )}
    </section>
  );
}

function OwnBooks({ email }: { email: string }) {
  const books = useBooksByOwner(email);
  const { canChangeStock } = usePermissions();
  return (
    <QueryState
      query={books}
      loading="Loading your books"
      empty={
        <>
          <p>You have not added any books yet.</p>
          {canChangeStock && (
            <Link to={paths.dashboard.addItem} className={buttonClass('primary')}>
              Add a book
            </Link>
          )}
        </>
      }
    >
      {(list) => (
        <BookGrid>
          {list.map((book) => (
            <BookCard key={book._id} headingLevel={2} book={book} actions={<MyBookActions book={book} />} />
          ))}
        </BookGrid>
      )}
    </QueryState>
  );
}
