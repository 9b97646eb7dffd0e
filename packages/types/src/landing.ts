// No zod here: the public pages' entry imports this file on its own, without the schemas.
import type { Book } from './book';
import type { Review, ReviewCount } from './review';

/** The landing page shows the first 6 books (spec section 9). */
export const LANDING_BOOKS = 6;

/**
 * What the landing page reads (GET /books?limit=LANDING_BOOKS, GET /reviews?page=0, GET /reviewCount), as a
 * signed-out visitor gets it: the API draws the page with it and sends it along as JSON, so that the browser
 * hydrates the same page without asking again (docs/decisions/016-landing-prerender.md).
 */
export interface LandingData {
  books: Book[];
  reviews: Review[];
  reviewCount: ReviewCount;
}
