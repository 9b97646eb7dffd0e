import { Button } from '../../components/ui/button';
import { QueryState } from '../../components/ui/query-state';
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
      <QueryState query={books} loading="Loading books" empty="There are no books in the warehouse yet.">
        {(list) => (
          <>
            <BookGrid>
              {list.map((book) => (
                <BookCard key={book._id} headingLevel={2} book={book} actions={<CardActions book={book} />} />
              ))}
            </BookGrid>
            <div className="flex flex-col items-center gap-3">
              <p className="text-sm text-slate-500" aria-live="polite">
                {`Showing ${list.length} books${books.hasNextPage ? '' : ', all of them'}`}
              </p>
              {books.hasNextPage && (
                <Button variant="secondary" onClick={() => books.fetchNextPage()} disabled={books.isFetchingNextPage}>
                  {books.isFetchingNextPage ? 'Loading…' : 'Load more'}
                </Button>
              )}
            </div>
          </>
        )}
      </QueryState>
    </section>
  );
}
