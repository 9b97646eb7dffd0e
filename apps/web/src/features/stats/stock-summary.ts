import type { Book } from '@book-warehouse/types';

/** Books shown in the 'least stock' chart. */
const LEAST_STOCK_COUNT = 10;

const cents = (n: number) => Math.round(n * 100) / 100;

/** Stock value (price x stock) per category, largest first. */
export function valueByCategory(books: readonly Book[]): Array<{ category: string; value: number }> {
  const totals = new Map<string, number>();
  for (const book of books) totals.set(book.catagory, (totals.get(book.catagory) ?? 0) + book.price * book.stockQuantity);
  return [...totals].map(([category, value]) => ({ category, value: cents(value) })).sort((a, b) => b.value - a.value);
}

/** The books with the least stock, fewest first. */
export function leastStocked(books: readonly Book[], count = LEAST_STOCK_COUNT): Array<{ id: string; name: string; stock: number }> {
  return [...books]
    .sort((a, b) => a.stockQuantity - b.stockQuantity || a.bookName.localeCompare(b.bookName))
    .slice(0, count)
    .map((book) => ({ id: book._id, name: book.bookName, stock: book.stockQuantity }));
}
