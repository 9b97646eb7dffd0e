// No zod here: the web app's landing page imports this file on its own, without the schemas.

/** Comments per page on the landing page (spec section 9). */
export const REVIEWS_PER_PAGE = 3;

/** Number of comment pages for a count (spec: pages = ceil(count / 3)). */
export const reviewPageCount = (count: number): number => Math.ceil(count / REVIEWS_PER_PAGE);
