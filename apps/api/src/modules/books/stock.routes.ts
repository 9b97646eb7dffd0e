import type { ErrorRequestHandler, Router } from 'express';
import { hyphenatedIsbn, TOTAL_COUNT_HEADER, type ReorderItem } from '@book-warehouse/types';
import { AppError } from '../../lib/errors';
import { hidesTotals, sayStockHidden } from '../../lib/redact';
import { sendCsv } from '../../lib/csv';
import { sendJsonArray } from '../../lib/stream-json';
import type { Access } from '../../middleware/access';
import type { Idempotency } from '../../middleware/idempotency';
import { endpointRouter } from '../../middleware/endpoint';
import type { BooksService } from './books.service';
import { STOCK } from './stock.endpoints';

const LINE_FIELD = /^(lines\.\d+)\.(.+)$/;

/**
 * A movement's refused input names each failing line as `lines.<i>` (docs/rules.md, Batch stock movements),
 * the field within the line in the message: "lines.2.delta: must not be 0" becomes "lines.2: delta must not be 0".
 */
const namePerLine: ErrorRequestHandler = (error, _req, _res, next) => {
  if (!(error instanceof AppError) || !error.fields) return next(error);
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [key, message] of Object.entries(error.fields)) {
    const [, line, field] = LINE_FIELD.exec(key) ?? [];
    if (line) fields[line] = fields[line] ? `${fields[line]}; ${field} ${message}` : `${field} ${message}`;
    else fields[key] = message;
  }
  next(new AppError(error.code, error.status, error.message, fields));
};

/** The warehouse calls beside the spec's: batch stock movements, the reorder list and undo (stock.endpoints.ts). */
export function createStockRouter(service: BooksService, access: Access, idempotency: Idempotency): Router {
  const { router, mount } = endpointRouter({ access, idempotency });
  mount(STOCK.moveStock, ({ user, body }) => service.moveMany(user, body.lines));
  mount(STOCK.transferStock, ({ user, body }) => service.transfer(user, body.lines));
  router.use(['/stock/movements', '/stock/transfers'], namePerLine);
  mount(STOCK.listReorder, ({ res }) => {
    sayStockHidden(res);
    return sendJsonArray(res, service.reorderList());
  });
  mount(STOCK.exportReorderCsv, async ({ res }) => {
    sayStockHidden(res);
    // While a blind count hides books from this caller, the file holds fewer rows than the list: no total is promised.
    if (!hidesTotals(res)) res.set(TOTAL_COUNT_HEADER, String(await service.reorderCount()));
    return sendCsv<ReorderItem>(
      res,
      {
        name: 'reorder.csv',
        header: ['ISBN', 'Book', 'Author', 'Publisher', 'Category', 'Stock', 'Reorder point', 'Shortage', 'Price'],
        row: (book) => [
          book.isbn && hyphenatedIsbn(book.isbn),
          book.bookName,
          book.author,
          book.publishar,
          book.catagory,
          book.stockQuantity,
          book.reorderPoint,
          book.shortage,
          book.price,
        ],
      },
      service.reorderList(),
    );
  });
  mount(STOCK.undoHistoryEntry, ({ user, params }) => service.undo(user, params.id));
  return router;
}
