import { useState } from 'react';
import { Field } from '../../../components/ui/field';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { BookSearchResults } from '../../../features/books/components/book-search-results';
import { StockControls } from '../../../features/books/components/stock-controls';
import { SEARCH_DEBOUNCE_MS } from '../../../features/dashboard/components/dashboard-search';

/** Update quantity and price: a search box and a card per matching book (GET /bookbytext). */
export function QuantityPage() {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  return (
    <section aria-labelledby="quantity-heading" className="flex flex-col gap-4">
      <h1 id="quantity-heading" className="text-2xl font-bold">
        Update Quantity
      </h1>
      <div className="max-w-md">
        <Field
          label="Find a book to update"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Name, author, publication or category"
          autoComplete="off"
        />
      </div>
      <BookSearchResults search={search} label="Books to update" actions={(book) => <StockControls book={book} />} />
    </section>
  );
}
