import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useBookPages } from '../../features/books/api/get-book-pages';
import { BookCard } from '../../features/books/components/book-card';
import { BookGrid } from '../../features/books/components/book-grid';
import { CardActions } from '../../features/books/components/card-actions';

/** /allbook: the whole catalogue as cards, loaded a page at a time. */
export function AllBooksPage() {
  const books = useBookPages();
  return (
    <section aria-labelledby="all-books-heading" className="flex flex-col gap-6">
      <h1 id="all-books-heading" className="text-2xl font-bold">
        All Books
      </h1>
      {books.isPending ? (
        <Spinner label="Loading books" className="min-h-96" />
      ) : books.isError ? (
        <p role="alert" className="text-red-700">
          {books.error.message}
        </p>
      ) : books.data.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-slate-600 ring-1 ring-slate-200">There are no books in the warehouse yet.</p>
      ) : (
        <>
          <BookGrid>
            {books.data.map((book) => (
              <BookCard key={book._id} book={book} actions={<CardActions book={book} />} />
            ))}
          </BookGrid>
          <div className="flex flex-col items-center gap-3">
            <p className="text-sm text-slate-500" aria-live="polite">
              {`Showing ${books.data.length} books${books.hasNextPage ? '' : ', all of them'}`}
            </p>
            {books.hasNextPage && (
              <Button variant="secondary" onClick={() => books.fetchNextPage()} disabled={books.isFetchingNextPage}>
                {books.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </Button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
