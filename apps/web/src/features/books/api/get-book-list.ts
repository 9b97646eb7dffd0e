import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiListRequest } from '../../../lib/api-client';
import type { BookListRequest } from '../../../lib/book-list-params';
import { bookKeys } from './keys';

/**
 * GET /books for one page (by `page` or after `cursor`, so the API answers a list page): the page, the total
 * (X-Total-Count) and the next page's cursor (X-Next-Cursor) when more follow.
 */
const getBookList = (request: BookListRequest, signal?: AbortSignal) =>
  apiListRequest('/books', { query: { ...request }, schema: (s) => s.BookSchema.array(), signal });

const bookListQueryOptions = (request: BookListRequest) =>
  queryOptions({ queryKey: bookKeys.filtered(request), queryFn: ({ signal }) => getBookList(request, signal) });

/** The page of the list; the previous page stays on screen (dimmed) while the next one loads. */
export const useBookList = (request: BookListRequest) => useQuery({ ...bookListQueryOptions(request), placeholderData: keepPreviousData });
