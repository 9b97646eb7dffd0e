import { Link, useParams } from 'react-router-dom';
import { buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { BookSearchResults } from '../../../features/books/components/book-search-results';
import { CardActions } from '../../../features/books/components/card-actions';
import { StockControls } from '../../../features/books/components/stock-controls';
import { useLocations } from '../../../features/locations/api/get-locations';
import { usePermissions } from '../../../lib/account';
import { PageHeading } from './page-heading';

/**
 * 'Search' and, beyond the spec's placeholder, the matching books (docs/rules.md, Search, chart and placeholders),
 * each with its card's actions (Deleverd), Edit and the quantity controls for staff.
 */
export function SearchPage() {
  const text = useParams().text?.trim() ?? '';
  const { canChangeStock } = usePermissions();
  // Where received copies go (the controls propose the book's default location).
  const locations = useLocations();
  return (
    <section aria-labelledby="search-heading" className="flex flex-col gap-4">
      <PageHeading id="search-heading">Search</PageHeading>
      {text ? (
        <>
          <p className="text-slate-600">Books matching “{text}”</p>
          <BookSearchResults
            search={text}
            label="Search results"
            actions={(book) => (
              <>
                <CardActions book={book} />
                {canChangeStock && (
                  <>
                    <Link
                      to={paths.dashboard.manageItem(book._id)}
                      aria-label={`Edit ${book.bookName}`}
                      className={buttonClass('secondary')}
                    >
                      Edit
                    </Link>
                    <StockControls book={book} locations={locations.data} />
                  </>
                )}
              </>
            )}
          />
        </>
      ) : (
        <p className="text-slate-600">Type a book name, author, publication or category in the search box above.</p>
      )}
    </section>
  );
}
