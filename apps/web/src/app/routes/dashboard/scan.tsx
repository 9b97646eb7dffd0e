import { useQueryClient } from '@tanstack/react-query';
import type { Book } from '@book-warehouse/types';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { BarcodeReader } from '../../../components/ui/barcode-reader';
import { paths } from '../../../config/paths';
import { bookByIsbnQueryOptions, useBookByIsbn } from '../../../features/books/api/find-book-by-isbn';
import { BookCard } from '../../../features/books/components/book-card';
import { StockControls } from '../../../features/books/components/stock-controls';
import { useLocations } from '../../../features/locations/api/get-locations';
import { useOpenLocationCode } from '../../../features/locations/api/use-open-location-code';
import { usePermissions } from '../../../lib/account';
import { catalogueBook } from '../../../lib/offline/catalogue';
import { useFloorScreen } from '../../../lib/offline/offline-queue';
import { PageHeading } from './page-heading';

/** What the last scan did: the book found (and how many times in a row), or why none was. */
type Outcome = { tone: 'ok' | 'error'; text: string };

const times = (n: number) => (n === 2 ? 'twice' : `${n} times`);

/**
 * Scan: the camera (or a scanner or the keyboard) reads an ISBN. A book the warehouse has opens here with
 * receive and deliver ready; an unknown one opens the add form with the ISBN filled in (staff), or says so.
 * Scan looks a book up and counts nothing: the same code again reads the book afresh and says so
 * (docs/scanning.md); Batch counts one copy per scan.
 */
export function ScanPage() {
  const { canChangeStock } = usePermissions();
  // Where received copies go (the controls propose the book's default location).
  const locations = useLocations();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const field = useRef<HTMLInputElement>(null);
  const [scanned, setScanned] = useState<{ isbn: string; count: number }>();
  const [outcome, setOutcome] = useState<Outcome>();
  // The shown book follows every change (the stock controls refresh the books' queries).
  const { online } = useFloorScreen();
  // Without a network: the book as the catalogue copy last knew it, read-only (Batch Receive/Deliver queues changes).
  const [offlineBook, setOfflineBook] = useState<Book>();
  const fetched = useBookByIsbn(online ? scanned?.isbn : undefined).data;
  const book = online ? fetched : offlineBook;
  const openLocation = useOpenLocationCode();

  const onCode = async (code: string) => {
    try {
      if (!online) {
        const known = await catalogueBook(code);
        setOfflineBook(known);
        setScanned({ isbn: code, count: 1 });
        return setOutcome({ tone: 'ok', text: `Offline: ${known.bookName} had ${known.stockQuantity} in stock at the last sync.` });
      }
      // Always asked afresh: a clerk scanning a book again expects its stock as it is now.
      const found = await queryClient.fetchQuery({ ...bookByIsbnQueryOptions(code), staleTime: 0 });
      if (found) {
        const count = scanned?.isbn === code ? scanned.count + 1 : 1;
        setScanned({ isbn: code, count });
        setOutcome({
          tone: 'ok',
          text:
            count === 1
              ? `Found ${found.bookName}: ${found.stockQuantity} in stock.`
              : `${found.bookName} scanned ${times(count)}: read again, ${found.stockQuantity} in stock. Scan counts no copies; Batch Receive/Deliver counts one per scan.`,
        });
      } else if (canChangeStock) {
        await navigate(paths.dashboard.addItemWithIsbn(code));
      } else {
        setScanned(undefined);
        setOutcome({ tone: 'error', text: `No book in the warehouse has ISBN ${code}.` });
      }
    } catch (error) {
      setOutcome({ tone: 'error', text: `Could not look up ISBN ${code}: ${(error as Error).message}` });
    }
  };

  return (
    <section aria-labelledby="scan-heading" className="flex min-w-0 flex-col gap-4">
      <PageHeading id="scan-heading">Scan</PageHeading>
      <p className="text-sm text-slate-600">
        Hold the barcode on the back of a book or a location's label in front of the camera, or scan or type its code. Many books at once?{' '}
        <Link to={paths.dashboard.batch} className="font-semibold text-amber-700 underline">
          Batch Receive/Deliver
        </Link>
      </p>
      <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <BarcodeReader
          autoStart
          focusOnArrival
          fieldRef={field}
          onCode={(code) => void onCode(code)}
          onOtherCode={(code) => void openLocation(code).then((text) => text && setOutcome({ tone: 'error', text }))}
        />
      </div>
      <p aria-live="polite" className={`text-sm ${outcome?.tone === 'ok' ? 'text-emerald-700' : 'text-red-700'}`}>
        {outcome?.text}
      </p>
      {book && (
        <section aria-label="Scanned book" className="max-w-xs">
          {/* After a receipt, a delivery or a price, the next key (the next book's code) goes into the ISBN field. */}
          <BookCard
            book={book}
            actions={
              online && canChangeStock && <StockControls book={book} locations={locations.data} onChanged={() => field.current?.focus()} />
            }
          />
        </section>
      )}
    </section>
  );
}
