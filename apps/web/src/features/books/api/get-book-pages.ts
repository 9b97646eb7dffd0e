import { useInfiniteQuery } from '@tanstack/react-query';
import { getBooks } from './get-books';
import { bookKeys } from './keys';

/** /allbook loads the catalogue this many books at a time, never all at once. */
export const BOOKS_PER_PAGE = 12;

/** The whole catalogue in pages of BOOKS_PER_PAGE, fetched one 'Load more' at a time with limit and skip. */
export function useBookPages() {
  return useInfiniteQuery({
    queryKey: bookKeys.pages(BOOKS_PER_PAGE),
    initialPageParam: 0,
    // One book more than a page is asked for: it tells whether there is a next page without a count call.
    queryFn: ({ pageParam, signal }) => getBooks({ limit: BOOKS_PER_PAGE + 1, skip: pageParam }, signal),
    getNextPageParam: (lastPage, _pages, lastSkip) => (lastPage.length > BOOKS_PER_PAGE ? lastSkip + BOOKS_PER_PAGE : undefined),
    select: (data) => data.pages.flatMap((page) => page.slice(0, BOOKS_PER_PAGE)),
  });
}
