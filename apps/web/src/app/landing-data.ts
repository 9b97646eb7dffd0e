import type { QueryClient } from '@tanstack/react-query';
import { LANDING_BOOKS, type LandingData } from '@book-warehouse/types/landing';
import { bookKeys } from '../features/books/api/keys';
import { reviewKeys } from '../features/reviews/api/keys';
import { bookList, reviewCount, reviewList } from '../lib/read-guards';

/** The script element (type application/json, never run) the API sends the landing page's data in. */
export const LANDING_DATA_ID = 'landing-data';

/** The data as the API sent it, checked by the guards that check the same three answers (lib/read-guards.ts). */
export function parseLandingData(json: string): LandingData {
  const value: unknown = JSON.parse(json);
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return {
    books: bookList.parse(record.books),
    reviews: reviewList.parse(record.reviews),
    reviewCount: reviewCount.parse(record.reviewCount),
  };
}

/** Puts it where the landing page's queries look first (useBooks, useReviews(0), useReviewCount). */
export function seedLandingData(client: QueryClient, data: LandingData): void {
  client.setQueryData(bookKeys.list({ limit: LANDING_BOOKS }), data.books);
  client.setQueryData(reviewKeys.page(0), data.reviews);
  client.setQueryData(reviewKeys.count(), data.reviewCount);
}

/**
 * The element carrying it, safe inside HTML: "<" only occurs inside JSON strings, where "\u003c" means the same,
 * so no "</script>" or "<!--" in a book's name can end or open anything.
 */
export const landingDataScript = (json: string): string =>
  `<script type="application/json" id="${LANDING_DATA_ID}">${json.replace(/</g, '\\u003c')}</script>`;
