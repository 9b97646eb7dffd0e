import { PageNumbers } from '../../components/ui/page-numbers';
import { EmptyState, QueryState } from '../../components/ui/query-state';
import { SearchInput } from '../../components/ui/search-input';
import { messages } from '../../config/messages';
import { BookCard } from '../../features/books/components/book-card';
import { BookGrid } from '../../features/books/components/book-grid';
import { BookListRow } from '../../features/books/components/book-list-row';
import { CardActions } from '../../features/books/components/card-actions';
import { CategorySelect } from '../../features/books/components/list-filters';
import { usePagedBookList } from '../../features/books/hooks/use-paged-book-list';
import { useAuth } from '../../lib/auth';
import { useStoredChoice } from '../../lib/use-stored-choice';
import { PageHeading } from '../layout/page-heading';

/** Cards per page: rows of 1, 2, 3 or 4 fill evenly. */
const CARD_PAGE_SIZES = [12, 24, 48, 96] as const;
const VIEWS = ['cards', 'list'] as const;

/**
 * /allbook: the catalogue, searched and filtered by the server, with the total and numbered pages (Next and
 * Previous by keyset cursor, usePagedBookList); as cards or
 * as a compact list, the choice remembered per user in this browser. The search lives in the URL.
 */
export function AllBooksPage() {
  const { params, change, books, page, onPage, canOpen } = usePagedBookList(CARD_PAGE_SIZES[0], CARD_PAGE_SIZES);
  const { user } = useAuth();
  const [view, setView] = useStoredChoice(`book-warehouse.all-books-view.${user?.uid ?? 'guest'}`, VIEWS);
  return (
    <section aria-labelledby="all-books-heading" className="flex flex-col gap-6">
      <PageHeading id="all-books-heading">All Books</PageHeading>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-end">
        <SearchInput
          label={messages.filterBooks}
          value={params.q ?? ''}
          placeholder={messages.filterPlaceholder}
          onSearch={(q) => change({ q }, { replace: true })}
        />
        <CategorySelect value={params.category} onChange={(category) => change({ category })} />
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium text-slate-700">{messages.viewAs}</legend>
          {/* self-start: as wide as its two buttons, not the phone's whole column. */}
          <div className="flex self-start overflow-hidden rounded-lg ring-1 ring-slate-300">
            {VIEWS.map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={view === option}
                onClick={() => setView(option)}
                className={`px-3 py-2 text-sm font-semibold ${view === option ? 'bg-amber-700 text-white' : 'bg-white text-slate-700 hover:bg-slate-100'}`}
              >
                {option === 'cards' ? messages.viewCards : messages.viewList}
              </button>
            ))}
          </div>
        </fieldset>
      </div>
      <QueryState query={books} loading="Loading books">
        {({ items, total }) => (
          <div
            className={`flex flex-col gap-4 transition-opacity ${books.isPlaceholderData ? 'opacity-60' : ''}`}
            aria-busy={books.isPlaceholderData || undefined}
          >
            <p className="text-sm text-slate-600" aria-live="polite">
              {total === undefined ? null : messages.bookCount(total)}
            </p>
            {items.length === 0 ? (
              <EmptyState>{params.q || params.category ? messages.noBooksMatch : 'There are no books in the warehouse yet.'}</EmptyState>
            ) : view === 'cards' ? (
              <BookGrid>
                {items.map((book) => (
                  <BookCard key={book._id} headingLevel={2} book={book} actions={<CardActions book={book} />} />
                ))}
              </BookGrid>
            ) : (
              <ul aria-label="Books" className="divide-y divide-slate-100 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
                {items.map((book) => (
                  <BookListRow key={book._id} book={book} actions={<CardActions book={book} />} />
                ))}
              </ul>
            )}
            {total !== undefined && total > 0 && (
              <PageNumbers
                label="Book pages"
                page={page}
                pageSize={params.limit}
                total={total}
                pageSizes={CARD_PAGE_SIZES}
                onPage={onPage}
                canOpen={canOpen}
                onPageSize={(size) => change({ size })}
              />
            )}
          </div>
        )}
      </QueryState>
    </section>
  );
}
