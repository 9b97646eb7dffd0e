import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiListRequest } from '../../../lib/api-client';
import type { BookListParams } from '../../../lib/book-list-params';
import { bookKeys } from './keys';

/** GET /books with the list parameters (`page` always, so the API answers a list page): the page and the total (X-Total-Count). */
const getBookList = (params: BookListParams, signal?: AbortSignal) =>
  apiListRequest('/books', { query: { ...params, q: params.q?.trim() || undefined }, schema: (s) => s.BookSchema.array(), signal });

const bookListQueryOptions = (params: BookListParams) =>
  queryOptions({ queryKey: bookKeys.filtered(params), queryFn: ({ signal }) => getBookList(params, signal) });

/** The page of the list; the previous page stays on screen (dimmed) while the next one loads. */
export const useBookList = (params: BookListParams) => useQuery({ ...bookListQueryOptions(params), placeholderData: keepPreviousData });
