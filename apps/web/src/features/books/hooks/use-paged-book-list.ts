import { useEffect } from 'react';
import { notify } from '../../../components/ui/notify';
import { messages } from '../../../config/messages';
import { ApiError } from '../../../lib/api-client';
import { canTurnTo, listRequest, pageIndex, PAGE_SIZES, useListParams } from '../../../lib/book-list-params';
import { useBookList } from '../api/get-book-list';

/**
 * What the API refused of the list's place (a 400 naming it): its cursor (made for another sort, or not its own),
 * or its page number (deeper than a page by number may go).
 */
function refusedPlace(error: Error | null): 'cursor' | 'page' | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  return 'cursor' in error.fields ? 'cursor' : 'page' in error.fields ? 'page' : undefined;
}

/**
 * Manage Items' and All Books' list: its state in the URL (useListParams) and the page it names
 * (docs/decisions/019-web-paging-by-cursor.md). `page` is the page shown, from 0; `onPage` goes to another: Next
 * after the shown page's X-Next-Cursor, Previous and the pages on the way back through the URL's cursors, any
 * other page by number; `canOpen` says which pages can be opened (a page by number skips at most PAGE_WINDOW rows).
 * A cursor or page number the API refuses (an old or edited link) sends the list to its first page, with a message.
 */
export function usePagedBookList(defaultLimit: number, sizes: readonly number[] = PAGE_SIZES) {
  const { params, change, turn, restart, highlight } = useListParams(defaultLimit, sizes);
  const books = useBookList(listRequest(params));
  const refused = refusedPlace(books.error);
  useEffect(() => {
    if (!refused) return;
    notify.error(refused === 'cursor' ? messages.pageLinkExpired : messages.pageTooDeep);
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
    canOpen: (to: number) => canTurnTo(params, to, books.data?.total ?? 0, next),
  };
}
