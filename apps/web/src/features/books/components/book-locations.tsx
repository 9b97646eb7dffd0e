import type { Book } from '@book-warehouse/types';
import { Link } from 'react-router-dom';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { paths } from '../../../config/paths';

const cell = 'px-3 py-2 align-middle';

/** Where a book's copies stand (its `locations` on GET /book/{id}): each location's code, name and quantity. */
export function BookLocations({ book }: { book: Book }) {
  const locations = book.locations ?? [];
  return (
    <section aria-labelledby={`stock-by-location-${book._id}`} className="flex flex-col gap-2">
      <h2 id={`stock-by-location-${book._id}`} className="text-lg font-semibold">
        Stock by location
      </h2>
      {locations.length === 0 ? (
        <p className="text-sm text-slate-600">No copies in stock.</p>
      ) : (
        <ScrollRegion label={`Stock of ${book.bookName} by location`} className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Stock of {book.bookName} by location</caption>
            <thead className="bg-slate-100 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className={cell}>
                  Code
                </th>
                <th scope="col" className={cell}>
                  Location
                </th>
                <th scope="col" className={`${cell} text-right`}>
                  Copies
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {locations.map((stock) => (
                <tr key={stock.locationId}>
                  <th scope="row" className={`${cell} font-mono font-medium`}>
                    <Link to={paths.dashboard.location(stock.locationId)} className="text-amber-800 hover:underline">
                      {stock.code}
                    </Link>
                  </th>
                  <td className={cell}>{stock.name}</td>
                  <td className={`${cell} text-right tabular-nums`}>{stock.quantity}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
