import { useState } from 'react';
import { Field } from '../../../components/ui/field';
import { notify } from '../../../components/ui/notify';
import { ScanButton } from '../../../components/ui/scan-button';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { BookSearchResults } from '../../../features/books/components/book-search-results';
import { StockControls } from '../../../features/books/components/stock-controls';
import { useLocations } from '../../../features/locations/api/get-locations';
import { useOpenIfLocationCode, useOpenLocationCode } from '../../../features/locations/api/use-open-location-code';
import { SEARCH_DEBOUNCE_MS } from '../../../features/dashboard/components/dashboard-search';
import { ViewOnlyNotice } from '../../../features/users/components/view-only-notice';
import { usePermissions } from '../../../lib/account';
import { PageHeading } from './page-heading';

/**
 * Update quantity and price: a search box and a card per matching book (GET /bookbytext). A viewer sees the
 * stock without the controls (docs/rules.md, Roles).
 */
export function QuantityPage() {
  const { canChangeStock, viewOnly } = usePermissions();
  // Where received copies go (the controls propose the book's default location).
  const locations = useLocations();
  const [text, setText] = useState('');
  const openLocation = useOpenLocationCode();
  const openIfLocation = useOpenIfLocationCode();
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  return (
    <section aria-labelledby="quantity-heading" className="flex flex-col gap-4">
      <PageHeading id="quantity-heading">Update Quantity</PageHeading>
      {viewOnly && <ViewOnlyNotice />}
      <div className="flex max-w-md flex-col gap-3">
        <Field
          label="Find a book to update"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          // A USB scanner types a code and Enter: a location's label opens the location, anything else stays searched.
          onKeyDown={(event) => {
            if (event.key === 'Enter' && text.trim()) void openIfLocation(text.trim());
          }}
          placeholder="Name, author, publication or category"
          autoComplete="off"
        />
        {/* The search finds a book by its ISBN too; a location's label opens the location. */}
        <ScanButton
          label="Scan a book"
          onCode={setText}
          onOtherCode={(code) => void openLocation(code).then((failure) => failure && notify.error(failure))}
        />
      </div>
      <BookSearchResults
        search={search}
        label={canChangeStock ? 'Books to update' : 'Books in stock'}
        actions={(book) => canChangeStock && <StockControls book={book} locations={locations.data} />}
      />
    </section>
  );
}
