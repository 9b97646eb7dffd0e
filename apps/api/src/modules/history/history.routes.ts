import type { Router } from 'express';
import { isHistoryListMode, TOTAL_COUNT_HEADER, type FieldChange, type HistoryEntry } from '@book-warehouse/types';
import { sendCsv } from '../../lib/csv';
import { sendList } from '../../lib/send-json';
import type { Access } from '../../middleware/access';
import type { Idempotency } from '../../middleware/idempotency';
import { endpointRouter } from '../../middleware/endpoint';
import { HISTORY } from './history.endpoints';
import type { HistoryListRepository } from './history-list.repository';
import type { HistoryService } from './history.service';

/** The columns of a history export. */
const HISTORY_COLUMNS = ['createdAt', 'time', 'email', 'bookName', 'task', 'bookId', 'changes', 'importId', 'undoes', '_id'] as const;

/** An entry's changes as one cell: "price: 10 -> 12; isbn: 9780131103627 -> " (an absent value is empty). */
const changesCell = (changes: FieldChange[] = []) =>
  changes.map(({ field, from, to }) => `${field}: ${from ?? ''} -> ${to ?? ''}`).join('; ');

export function createHistoryRouter(
  service: HistoryService,
  access: Access,
  idempotency: Idempotency,
  lists: HistoryListRepository,
): Router {
  const { router, mount } = endpointRouter({ access, idempotency });
  // Without list parameters, the original's answer.
  mount(HISTORY.listHistories, async ({ query, req, res }) => {
    if (!isHistoryListMode(query)) return sendList(req, res, await service.list(query));
    const { entries, total } = await lists.page(query);
    res.set(TOTAL_COUNT_HEADER, String(total));
    return entries;
  });
  mount(HISTORY.exportHistories, async ({ query, res }) => {
    res.set(TOTAL_COUNT_HEADER, String(await lists.total(query)));
    return sendCsv<HistoryEntry>(
      res,
      {
        name: 'history.csv',
        header: HISTORY_COLUMNS,
        row: (entry) => HISTORY_COLUMNS.map((column) => (column === 'changes' ? changesCell(entry.changes) : entry[column])),
      },
      lists.all(query),
    );
  });
  // Only sign-in events; book changes are recorded by the server. The e-mail comes from the token.
  mount(HISTORY.recordSignIn, ({ user, body }) => service.recordSignIn(user, body.task, body.bookName));
  return router;
}
