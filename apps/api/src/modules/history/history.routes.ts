import { Router } from 'express';
import {
  HistoryExportQuerySchema,
  HistoryListQuerySchema,
  isHistoryListMode,
  NewSignInHistorySchema,
  TOTAL_COUNT_HEADER,
  type FieldChange,
  type HistoryEntry,
} from '@book-warehouse/types';
import { sendCsv } from '../../lib/csv';
import { sendList } from '../../lib/send-json';
import type { Access } from '../../middleware/access';
import type { Idempotency } from '../../middleware/idempotency';
import { route } from '../../middleware/route';
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
  const router = Router();
  // Viewers read the history too (docs/decisions/009-roles.md). Without list parameters, the original's answer.
  router.get(
    '/histories',
    route({ auth: access.signedIn, query: HistoryListQuerySchema }, async ({ query, req, res }) => {
      if (!isHistoryListMode(query)) return sendList(req, res, await service.list(query));
      const { entries, total } = await lists.page(query);
      res.set(TOTAL_COUNT_HEADER, String(total));
      return entries;
    }),
  );

  // The export is staff only, as the books' (docs/decisions/011-lists-import-export.md).
  router.get(
    '/histories/export.csv',
    route({ auth: access.staff, query: HistoryExportQuerySchema }, ({ query, res }) =>
      sendCsv<HistoryEntry>(
        res,
        {
          name: 'history.csv',
          header: HISTORY_COLUMNS,
          row: (entry) => HISTORY_COLUMNS.map((column) => (column === 'changes' ? changesCell(entry.changes) : entry[column])),
        },
        lists.all(query),
      ),
    ),
  );

  // Only sign-in events; book changes are recorded by the server. The e-mail comes from the token. Open to
  // every account, viewers included: signing in is not a change of stock (docs/decisions/009-roles.md).
  router.post(
    '/histories',
    route({ auth: access.signedIn, idempotency, body: NewSignInHistorySchema, status: 201 }, ({ user, body }) =>
      service.recordSignIn(user, body.task, body.bookName),
    ),
  );
  return router;
}
