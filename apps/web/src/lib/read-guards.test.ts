import { BookSchema, ReviewCountSchema, ReviewSchema } from '@book-warehouse/types';
import { describe, expect, it } from 'vitest';
import { testBook, testReview } from '../test/fixtures';
import { bookList, reviewCount, reviewList } from './read-guards';

/** The guard's verdict and answer beside the shared schema's, for the same payload. */
function both<T>(
  guard: { parse: (value: unknown) => T },
  schema: { safeParse: (value: unknown) => { success: boolean; data?: unknown } },
  payload: unknown,
) {
  const parsed = schema.safeParse(payload);
  let guarded: { success: boolean; data?: unknown };
  try {
    guarded = { success: true, data: guard.parse(payload) };
  } catch {
    guarded = { success: false };
  }
  return { guarded, parsed: parsed.success ? { success: true, data: parsed.data } : { success: false } };
}

const books = BookSchema.array();
const reviews = ReviewSchema.array();

describe('the books guard, held to BookSchema', () => {
  const valid: Record<string, unknown>[] = [
    testBook(),
    testBook({ email: undefined, isbn: '9780132350884', reorderPoint: 3, stockQuantity: 0, price: 0 }),
    { ...testBook(), createdAt: '2022-05-12T10:00:00.000Z', updatedAt: '2022-05-13T10:00:00.000Z', photo: 'https://example.com/a.png' },
    // A field the schema does not know is dropped by both.
    { ...testBook(), extra: 'dropped' },
  ];
  it.each(valid)('accepts what the schema accepts and answers the same object (%#)', (book) => {
    const { guarded, parsed } = both(bookList, books, [book]);
    expect(guarded).toEqual(parsed);
    expect(guarded.success).toBe(true);
  });

  const invalid: [string, unknown][] = [
    ['not a list', testBook()],
    ['a null book', [null]],
    ['no name', [{ ...testBook(), bookName: undefined }]],
    ['an empty name', [{ ...testBook(), bookName: '  ' }]],
    ['a numeric author', [{ ...testBook(), author: 42 }]],
    ['a bad id', [testBook({ _id: 'nope' })]],
    ['a stock as text', [{ ...testBook(), stockQuantity: '5' }]],
    ['a negative stock', [testBook({ stockQuantity: -1 })]],
    ['a fractional stock', [testBook({ stockQuantity: 1.5 })]],
    ['a negative price', [testBook({ price: -1 })]],
    ['a javascript: photo', [testBook({ photo: 'javascript:alert(1)' })]],
    ['another host as //', [testBook({ photo: '//evil.example/x.png' })]],
    ['a data: photo', [testBook({ photo: 'data:image/png;base64,AAAA' })]],
    ['a short ISBN', [testBook({ isbn: '12345' })]],
    ['a reorder point as text', [{ ...testBook(), reorderPoint: '3' }]],
    ['a numeric e-mail', [{ ...testBook(), email: 7 }]],
  ];
  it.each(invalid)('refuses %s, as the schema does', (_name, payload) => {
    const { guarded, parsed } = both(bookList, books, payload);
    expect(parsed.success).toBe(false);
    expect(guarded.success).toBe(false);
  });
});

describe('the comments guards, held to ReviewSchema and ReviewCountSchema', () => {
  it('accepts a page of comments as the schema parses it', () => {
    const { guarded, parsed } = both(reviewList, reviews, [testReview(), { ...testReview({ name: '' }), extra: 1 }]);
    expect(guarded).toEqual(parsed);
    expect(guarded.success).toBe(true);
  });

  it.each<[string, unknown]>([
    ['an object', testReview()],
    ['a missing time', [{ ...testReview(), time: undefined }]],
    ['a numeric description', [{ ...testReview(), description: 1 }]],
    ['a bad id', [testReview({ _id: '1' })]],
  ])('refuses %s', (_name, payload) => {
    const { guarded, parsed } = both(reviewList, reviews, payload);
    expect(parsed.success).toBe(false);
    expect(guarded.success).toBe(false);
  });

  it.each<[unknown, boolean]>([
    [{ count: 7 }, true],
    [{ count: 0, extra: true }, true],
    [{ count: -1 }, false],
    [{ count: 1.5 }, false],
    [{ count: '7' }, false],
    [{}, false],
    [[], false],
    [null, false],
  ])('reads %j as the schema does', (payload, ok) => {
    const { guarded, parsed } = both(reviewCount, ReviewCountSchema, payload);
    expect(guarded).toEqual(parsed);
    expect(guarded.success).toBe(ok);
  });
});
