import type { Book, Review, ReviewCount } from '@book-warehouse/types';
import type { AnswerParser } from './api-client';

/**
 * The public pages' reads (the landing page's books, its comments and their count), checked without zod: the
 * shared schemas and zod are 28 kB of gzip a visitor would load for three answers (docs/decisions/016-landing-prerender.md).
 * Each guard checks the shape the page relies on, as the shared schema does (read-guards.test.ts holds them
 * to it), and keeps only the schema's fields.
 */
type Check = (value: unknown) => boolean;

const text: Check = (value) => typeof value === 'string';
const filled: Check = (value) => typeof value === 'string' && value.trim().length > 0;
const count: Check = (value) => Number.isInteger(value) && (value as number) >= 0;
const amount: Check = (value) => typeof value === 'number' && Number.isFinite(value) && value >= 0;
const objectId: Check = (value) => typeof value === 'string' && /^[0-9a-fA-F]{24}$/.test(value);
const isbn13: Check = (value) => typeof value === 'string' && /^\d{13}$/.test(value);
/** As the shared PhotoUrlSchema: an http(s) URL or one of the app's own paths, never javascript:, data: or another host's "//". */
const photo: Check = (value) =>
  typeof value === 'string' && (/^https?:\/\/[^\s/\\]+[^\s\\]*$/i.test(value) || /^\/(?![/\\])[^\s\\]*$/.test(value));

type Fields<T> = { [K in keyof T]-?: { check: Check; optional?: true } };
const optional = (check: Check) => ({ check, optional: true as const });

function guard<T>(what: string, fields: Fields<T>): (value: unknown) => T {
  const entries = Object.entries<{ check: Check; optional?: true }>(fields);
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`The server's answer is not ${what}`);
    const record = value as Record<string, unknown>;
    const kept: Record<string, unknown> = {};
    for (const [key, { check, optional: mayLack }] of entries) {
      const field = record[key];
      if (field === undefined && mayLack) continue;
      if (!check(field)) throw new Error(`The server's answer is not ${what}: ${key} is wrong`);
      kept[key] = field;
    }
    return kept as T;
  };
}

const listOf = <T>(what: string, item: (value: unknown) => T): AnswerParser<T[]> => ({
  parse: (value) => {
    if (!Array.isArray(value)) throw new Error(`The server's answer is not a list of ${what}`);
    return value.map(item);
  },
});

const book = guard<Book>('a book', {
  _id: { check: objectId },
  bookName: { check: filled },
  author: { check: filled },
  publishar: { check: filled },
  subTitle: { check: filled },
  description: { check: filled },
  catagory: { check: filled },
  stockQuantity: { check: count },
  photo: { check: photo },
  price: { check: amount },
  isbn: optional(isbn13),
  reorderPoint: optional(count),
  createdAt: optional(text),
  updatedAt: optional(text),
  email: optional(text),
  defaultLocationId: optional(objectId),
  supplierId: optional(objectId),
  costPrice: optional(amount),
  reorderQuantity: optional(count),
  averageCost: optional(amount),
  onOrder: optional(count),
  lastCountedAt: optional(text),
  // A blind count hides the book's stock from all but admins (docs/decisions/027-counting-against-the-shelf.md).
  stockHidden: optional((value) => value === true),
  // The landing page's lists leave a book's stock by location out; a list that sends it is read as sent.
  locations: optional(Array.isArray),
});

const review = guard<Review>('a comment', {
  _id: { check: objectId },
  name: { check: text },
  img: { check: text },
  time: { check: text },
  description: { check: text },
  createdAt: { check: text },
});

/** GET /books: a list of books (BookSchema.array()). */
export const bookList = listOf('books', book);

/** GET /reviews: a page of comments (ReviewSchema.array()). */
export const reviewList = listOf('comments', review);

/** GET /reviewCount (ReviewCountSchema). */
export const reviewCount: AnswerParser<ReviewCount> = { parse: guard<ReviewCount>('a comment count', { count: { check: count } }) };
