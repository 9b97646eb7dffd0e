import type { Book } from '@book-warehouse/types';
import { useId, useState, type ReactNode } from 'react';
import { Pager } from '../../../components/ui/pager';
import { EmptyState, QueryState } from '../../../components/ui/query-state';
import { useSearchBooks } from '../api/search-books';
import { BookCard } from './book-card';
import { BookGrid } from './book-grid';

/** Cards per page of results. */
const SEARCH_PAGE_SIZE = 12;

/**
 * The books matching `search` (GET /bookbytext; an empty search matches every book) as cards, a page at a
 * time. A new search starts again on page 1; the previous cards stay until its answer arrives.
 */
export function BookSearchResults({ search, actions, label }: { search: string; actions: (book: Book) => ReactNode; label: string }) {
  const [paging, setPaging] = useState({ search, page: 0 });
  const page = paging.search === search ? paging.page : 0;
  const setPage = (next: number) => setPaging({ search, page: next });
  const headingId = useId();
  const books = useSearchBooks({ search, limit: SEARCH_PAGE_SIZE + 1, skip: page * SEARCH_PAGE_SIZE });

  return (
    <QueryState query={books} loading="Searching books">
      {(found) => (
        <section
          aria-labelledby={headingId}
          aria-busy={books.isPlaceholderData || undefined}
          className={`transition-opacity ${books.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          <h2 id={headingId} className="sr-only">
            {label}
          </h2>
          {/* Not QueryState's empty: the pager stays below, as a later page may be empty. */}
          {found.length === 0 ? (
            <EmptyState>No books match “{search}”.</EmptyState>
          ) : (
            <BookGrid>
              {found.slice(0, SEARCH_PAGE_SIZE).map((book) => (
                <BookCard key={book._id} book={book} actions={actions(book)} />
              ))}
            </BookGrid>
          )}
          <Pager label={`${label} pages`} page={page} hasNext={found.length > SEARCH_PAGE_SIZE} onPage={setPage} />
        </section>
      )}
    </QueryState>
  );
}
