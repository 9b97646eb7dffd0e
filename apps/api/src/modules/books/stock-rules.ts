import { NUMBER_CEILING, type Book } from '@book-warehouse/types';
import type { Session } from '../../lib/database-transaction';
import { AppError } from '../../lib/errors';
import type { StockLocation } from './book-locations.repository';
import type { BooksRepository, Stocked } from './books.repository';
import { drawn, drawOrder, quantityAt, totalOf, withQuantity, type StockEntry } from './stock-locations';

export const copies = (n: number) => `${n} ${n === 1 ? 'copy' : 'copies'}`;

/** Why a location cannot take part in a stock change; undefined when it can. */
export const unusable = (id: string, location: StockLocation | undefined): string | undefined =>
  !location ? `no location has the id ${id}` : !location.holdsStock ? `${location.code} cannot hold stock` : undefined;

/** The book's default location among `found` (locations by lower-case id) while it can hold stock, else RECEIVING. */
export function defaultAmong(
  book: Pick<Book, 'defaultLocationId'>,
  found: Map<string, StockLocation>,
  receiving: StockLocation,
): StockLocation {
  const location = book.defaultLocationId ? found.get(book.defaultLocationId.toLowerCase()) : undefined;
  return location?.holdsStock ? location : receiving;
}

/** A new total as an adjustment at `at`: 409 naming `stockQuantity` when that location would go below 0. */
export function adjustedAt(stock: readonly StockEntry[], at: StockLocation, bookName: string, total: number): StockEntry[] {
  const quantity = quantityAt(stock, at._id) + total - totalOf(stock);
  if (quantity < 0) {
    const instead = 'deliver from or transfer out of the other locations instead';
    throw new AppError(
      'conflict',
      409,
      `Cannot set the stock of '${bookName}' to ${total}: ${at.code} holds ${copies(quantityAt(stock, at._id))} and would go below 0; ${instead}`,
      { stockQuantity: `would take ${at.code} below 0; ${instead}` },
    );
  }
  return withQuantity(stock, at._id, quantity);
}

/**
 * Where each stock change of one book puts or takes its copies (docs/rules.md, Stock per location): a receive
 * without a location goes to the book's default location (else RECEIVING), a delivery without one draws in
 * drawOrder, an absolute quantity is an adjustment at the default location. Each answers the new stock, or
 * throws the refusal naming the field.
 */
export function createStockRules(books: BooksRepository) {
  const { locations } = books;

  /** The location `id` if it can hold stock; a 400 naming `field` otherwise. */
  async function usable(id: string, field: string, session?: Session): Promise<StockLocation> {
    const location = (await locations.find([id], session)).get(id.toLowerCase());
    const problem = unusable(id, location);
    if (problem) throw new AppError('validation_failed', 400, `Invalid body: ${field}: ${problem}`, { [field]: problem });
    return location!;
  }

  /** The book's default location while it can hold stock, else RECEIVING (a default deleted since no longer applies). */
  async function defaultOf(book: Pick<Book, 'defaultLocationId'>, session: Session): Promise<StockLocation> {
    const id = book.defaultLocationId;
    return defaultAmong(
      book,
      id ? await locations.find([id], session) : new Map<string, StockLocation>(),
      await locations.receiving(session),
    );
  }

  return {
    usable,
    defaultOf,

    /**
     * `amount` copies received at `where` (an id, or a location the caller read in its transaction), or at the default;
     * the total stays within the ceiling (400 naming `amount`).
     */
    async received(
      { book, stock }: Stocked,
      amount: number,
      where: string | StockLocation | undefined,
      session: Session,
    ): Promise<StockEntry[]> {
      if (book.stockQuantity + amount > NUMBER_CEILING) {
        throw new AppError('validation_failed', 400, `Cannot add ${amount}: stockQuantity would exceed ${NUMBER_CEILING}`, {
          amount: `would take stockQuantity above ${NUMBER_CEILING}`,
        });
      }
      const at = typeof where === 'object' ? where : where ? await usable(where, 'locationId', session) : await defaultOf(book, session);
      return withQuantity(stock, at._id, quantityAt(stock, at._id) + amount);
    },

    /**
     * `amount` copies delivered from `locationId` (409 naming it when it holds fewer), or along drawOrder; the
     * caller has checked the total.
     */
    async delivered({ book, stock }: Stocked, amount: number, locationId: string | undefined, session: Session): Promise<StockEntry[]> {
      if (locationId) {
        const at = await usable(locationId, 'locationId', session);
        const held = quantityAt(stock, at._id);
        if (held < amount) {
          throw new AppError('conflict', 409, `Cannot deliver ${amount} from ${at.code}: it holds ${copies(held)} of '${book.bookName}'`, {
            locationId: `${at.code} holds ${copies(held)}`,
          });
        }
        return withQuantity(stock, at._id, held - amount);
      }
      const found = await locations.find(
        stock.map((entry) => entry.locationId),
        session,
      );
      const codes = new Map([...found].map(([id, location]) => [id, location.code]));
      const receivingId = (await locations.receiving(session))._id;
      return drawn(stock, amount, drawOrder(stock, { defaultId: book.defaultLocationId?.toLowerCase(), receivingId, codes }));
    },

    /**
     * A new total as an adjustment at the default location (of `book`, which may carry a new default): 409 naming
     * `stockQuantity` when that location would go below 0.
     */
    async adjusted({ stock }: Stocked, book: Pick<Book, 'bookName' | 'defaultLocationId'>, total: number, session: Session) {
      return adjustedAt(stock, await defaultOf(book, session), book.bookName, total);
    },
  };
}

export type StockRules = ReturnType<typeof createStockRules>;
