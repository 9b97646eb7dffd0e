import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { BarcodeReader } from '../../../components/ui/barcode-reader';
import { paths } from '../../../config/paths';
import { bookByIsbnQueryOptions, useBookByIsbn } from '../../../features/books/api/find-book-by-isbn';
import { BookCard } from '../../../features/books/components/book-card';
import { StockControls } from '../../../features/books/components/stock-controls';
import { usePermissions } from '../../../lib/account';

/**
 * Scan: the camera (or a scanner or the keyboard) reads an ISBN. A book the warehouse has opens here with
 * receive and deliver ready; an unknown one opens the add form with the ISBN filled in (staff), or says so.
 */
export function ScanPage() {
  const { canChangeStock } = usePermissions();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isbn, setIsbn] = useState<string>();
  const [message, setMessage] = useState('');
  // The shown book follows every change (the stock controls refresh the books' queries).
  const book = useBookByIsbn(isbn).data;

  const onCode = async (code: string) => {
    try {
      const found = await queryClient.fetchQuery(bookByIsbnQueryOptions(code));
      if (found) {
        setIsbn(code);
        setMessage('');
      } else if (canChangeStock) {
        await navigate(paths.dashboard.addItemWithIsbn(code));
      } else {
        setIsbn(undefined);
        setMessage(`No book in the warehouse has ISBN ${code}.`);
      }
    } catch (error) {
      setMessage(`Could not look up ISBN ${code}: ${(error as Error).message}`);
    }
  };

  return (
    <section aria-labelledby="scan-heading" className="flex min-w-0 flex-col gap-4">
      <h1 id="scan-heading" className="text-2xl font-bold">
        Scan
      </h1>
      <p className="text-sm text-slate-600">
        Hold the barcode on the back of a book in front of the camera, or scan or type its ISBN. Many books at once?{' '}
        <Link to={paths.dashboard.batch} className="font-semibold text-amber-700 underline">
          Batch Receive/Deliver
        </Link>
      </p>
      <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <BarcodeReader autoStart onCode={(code) => void onCode(code)} />
      </div>
      <p aria-live="polite" className="text-sm text-red-700">
        {message}
      </p>
      {book && (
        <section aria-label="Scanned book" className="max-w-xs">
          <BookCard book={book} actions={canChangeStock && <StockControls book={book} />} />
        </section>
      )}
    </section>
  );
}
