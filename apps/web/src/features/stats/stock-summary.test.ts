import type { Book } from '@book-warehouse/types';
import { describe, expect, it } from 'vitest';
import { leastStocked, valueByCategory } from './stock-summary';

let next = 0;
const book = (bookName: string, catagory: string, price: number, stockQuantity: number): Book => ({
  _id: (++next).toString(16).padStart(24, '0'),
  bookName,
  catagory,
  price,
  stockQuantity,
  author: 'A',
  publishar: 'P',
  subTitle: 'S',
  description: 'D',
  photo: '/covers/fallback.svg',
  email: 'ada@example.com',
});

const books = [
  book('Dune', 'Fiction', 10, 3),
  book('Emma', 'Fiction', 2.5, 4),
  book('SPQR', 'History', 20, 0),
  book('Cosmos', 'Science', 0.1, 3),
];

describe('valueByCategory', () => {
  it('sums price x stock per category, largest first, in whole cents', () => {
    expect(valueByCategory(books)).toEqual([
      { category: 'Fiction', value: 40 },
      { category: 'Science', value: 0.3 },
      { category: 'History', value: 0 },
    ]);
  });
});

describe('leastStocked', () => {
  it('lists the books with the least stock first, ties by name, at most the count asked for', () => {
    expect(leastStocked(books, 3).map((b) => [b.name, b.stock])).toEqual([
      ['SPQR', 0],
      ['Cosmos', 3],
      ['Dune', 3],
    ]);
  });
});
