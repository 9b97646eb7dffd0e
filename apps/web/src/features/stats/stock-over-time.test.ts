import type { Book, FieldChange, HistoryEntry } from '@book-warehouse/types';
import { describe, expect, it } from 'vitest';
import { stockOverTime } from './stock-over-time';

const id = (n: number) => n.toString(16).padStart(24, '0');

const book = (n: number, price: number, stockQuantity: number): Book => ({
  _id: id(n),
  bookName: `Book ${n}`,
  catagory: 'Fiction',
  price,
  stockQuantity,
  author: 'A',
  publishar: 'P',
  subTitle: 'S',
  description: 'D',
  photo: '/covers/fallback.svg',
  email: 'ada@example.com',
});

let clock = 0;
/** An entry of book `n`, each one a minute after the one before. */
const entry = (n: number | undefined, task: string, changes: FieldChange[] = []): HistoryEntry => {
  clock += 1;
  return {
    _id: id(1000 + clock),
    email: 'ada@example.com',
    bookName: n === undefined ? 'Ada' : `Book ${n}`,
    task,
    time: '',
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, clock)).toISOString(),
    ...(n === undefined ? {} : { bookId: id(n) }),
    changes,
  };
};
const stock = (from: number | null, to: number | null): FieldChange => ({ field: 'stockQuantity', from, to });
const price = (from: number | null, to: number | null): FieldChange => ({ field: 'price', from, to });

describe('stockOverTime', () => {
  it('gives the totals after each stock or price change, oldest first, ending at the books as they are', () => {
    const added = entry(1, 'Added', [{ field: 'bookName', from: null, to: 'Book 1' }, stock(null, 4), price(null, 10)]);
    const login = entry(undefined, 'Login');
    const restock = entry(1, 'Added 2 Quantity', [stock(4, 6)]);
    const renamed = entry(1, 'Updated', [{ field: 'author', from: 'A', to: 'B' }]);
    const repriced = entry(1, 'Price Updated to 12.5', [price(10, 12.5)]);
    // The API answers newest first; the order given does not matter.
    const points = stockOverTime([book(1, 12.5, 6)], [repriced, renamed, restock, login, added]);
    expect(points).toEqual([
      { time: added.createdAt, copies: 4, value: 40 },
      { time: restock.createdAt, copies: 6, value: 60 },
      { time: repriced.createdAt, copies: 6, value: 75 },
    ]);
  });

  it('counts the books whose history was not fetched with their present stock throughout', () => {
    const delivered = entry(1, 'Deleverd 1 Quantity', [stock(3, 2)]);
    const points = stockOverTime([book(1, 10, 2), book(2, 0.1, 5)], [delivered]);
    expect(points).toEqual([{ time: delivered.createdAt, copies: 7, value: 20.5 }]);
  });

  it('counts a deleted book until its deletion, and again after the deletion is undone', () => {
    const deleted = entry(3, 'Deleted', [stock(2, null), price(5, null)]);
    const restored = entry(3, 'Undo: Deleted', [stock(null, 2), price(null, 5)]);
    const deletedAgain = entry(3, 'Deleted', [stock(2, null), price(5, null)]);
    expect(stockOverTime([book(1, 1, 1)], [deleted, restored, deletedAgain])).toEqual([
      { time: deleted.createdAt, copies: 1, value: 1 },
      { time: restored.createdAt, copies: 3, value: 11 },
      { time: deletedAgain.createdAt, copies: 1, value: 1 },
    ]);
  });

  it('skips the changes of books it neither holds nor sees leave the stock (beyond the books read)', () => {
    const elsewhere = entry(9, 'Added 1 Quantity', [stock(1, 2)]);
    expect(stockOverTime([book(1, 1, 1)], [elsewhere])).toEqual([]);
  });

  it('sums the value in whole cents, as the server does', () => {
    const repriced = entry(1, 'Price Updated to 0.3', [price(0.1, 0.3)]);
    expect(stockOverTime([book(1, 0.3, 3)], [repriced])).toEqual([{ time: repriced.createdAt, copies: 3, value: 0.9 }]);
  });
});
