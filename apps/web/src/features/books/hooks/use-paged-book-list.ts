import { useEffect } from 'react';
import { notify } from '../../../components/ui/notify';
import { messages } from '../../../config/messages';
import { ApiError } from '../../../lib/api-client';
import { listRequest, pageIndex, PAGE_SIZES, useListParams } from '../../../lib/book-list-params';
import { useBookList } from '../api/get-book-list';

/** Whether the API refused the list's cursor (400 naming `cursor`): made for another sort, or not its own. */
const refusedCursor = (error: Error | null) => error instanceof ApiError && error.status === 400 && 'cursor' in error.fields;

/**
 * Manage Items' and All Books' list: its state in the URL (useListParams) and the page it names
 * (docs/decisions/019-web-paging-by-cursor.md). `page` is the page shown, from 0; `onPage` goes to another: Next
 * after the shown page's X-Next-Cursor, Previous and the pages on the way back through the URL's cursors, any
 * other page by number. A cursor the API refuses (an old or edited link) sends the list to its first page, with a
 * message.
 */
export function usePagedBookList(defaultLimit: number, sizes: readonly number[] = PAGE_SIZES) {
  const { params, change, turn, restart, highlight } = useListParams(defaultLimit, sizes);
  const books = useBookList(listRequest(params));
  const refused = refusedCursor(books.error);
  useEffect(() => {
    if (!refused) return;
    notify.error(messages.pageLinkExpired);
    restart();
  }, [refused, restart]);
  // While the next page loads, the one on screen is the previous page's, and so is its cursor.
  const next = books.isPlaceholderData ? undefined : books.data?.next;
  return {
    params,
    change,
    highlight,
    books,
    page: pageIndex(params),
    onPage: (to: number) => turn(to, next),
  };
}
