import { Transform, type Readable } from 'node:stream';
import type { Request, Response, Router } from 'express';
import { IMPORT_FIELDS, TOTAL_COUNT_HEADER, type Book, type ImportProgress } from '@book-warehouse/types';
import { sendCsv } from '../../lib/csv';
import { AppError } from '../../lib/errors';
import { refuseHiddenStockOrder } from '../../lib/redact';
import type { Access } from '../../middleware/access';
import { errorBody } from '../../middleware/error-handler';
import { endpointRouter } from '../../middleware/endpoint';
import { BOOK_TRANSFER } from './book-transfer.endpoints';
import { IMPORT_MAX_BYTES, type BookImportService } from './book-import.service';
import type { BookAtLocation, BookListRepository } from './book-list.repository';

const NDJSON = 'application/x-ndjson';

/** The columns of a books export: the fields an import reads first (so the file imports as it is), then the server's. */
const BOOK_COLUMNS = [...IMPORT_FIELDS, '_id', 'email', 'createdAt', 'updatedAt'] as const;

/** The columns the export by location adds: one row per book and location holding its copies. */
const LOCATION_COLUMNS = ['locationCode', 'locationName', 'locationQuantity'] as const;

/** A book's cells of the export, in BOOK_COLUMNS' order. */
const cellsOf = (book: Book) => BOOK_COLUMNS.map((column) => (book as Record<string, unknown>)[column] as string | number | undefined);

/** Passes at most `max` bytes on; beyond, fails as body-parser does ('entity.too.large', answered 413). */
function atMost(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > max) done(Object.assign(new Error('The request body is too large'), { type: 'entity.too.large', status: 413 }));
      else done(null, chunk);
    },
  });
}

/** The body of an import: a CSV stream of at most IMPORT_MAX_BYTES (413 beyond, before reading when announced). */
export function csvBody(req: Request): Readable {
  if (!req.is('text/csv'))
    throw new AppError('unsupported_media_type', 415, 'The body must be a CSV file, sent with "Content-Type: text/csv"');
  const charset = /charset=([^;]+)/i
    .exec(req.get('content-type') ?? '')?.[1]
    ?.trim()
    .toLowerCase();
  if (charset && charset !== 'utf-8' && charset !== 'utf8')
    throw new AppError('unsupported_media_type', 415, 'The CSV file must be UTF-8 (charset=utf-8)');
  if (Number(req.get('content-length') ?? 0) > IMPORT_MAX_BYTES)
    throw new AppError('payload_too_large', 413, `The file is larger than ${IMPORT_MAX_BYTES} bytes`);
  const limited = atMost(IMPORT_MAX_BYTES);
  req.on('error', (error) => limited.destroy(error));
  return req.pipe(limited);
}

/** One NDJSON line; the status and type go out with the first. */
function writeLine(res: Response, value: object): void {
  if (!res.headersSent) res.status(200).type(NDJSON).set('Cache-Control', 'no-store');
  res.write(`${JSON.stringify(value)}\n`);
}

/**
 * The CSV transfer of the books (docs/decisions/011-lists-import-export.md): the export of the list as Manage
 * Items filters and sorts it, and the import. Both are staff only.
 */
export function createBookTransferRouter(lists: BookListRepository, imports: BookImportService, access: Access): Router {
  const { router, mount } = endpointRouter({ access });

  mount(BOOK_TRANSFER.exportBooks, async ({ query, res }) => {
    refuseHiddenStockOrder(res, query);
    if (query.byLocation) {
      return sendCsv<BookAtLocation>(
        res,
        {
          name: 'books-by-location.csv',
          header: [...BOOK_COLUMNS, ...LOCATION_COLUMNS],
          row: ({ book, location }) => [...cellsOf(book), location?.code, location?.name, location?.quantity],
        },
        lists.allByLocation(query),
      );
    }
    // The rows to come, so the screen shows the download's progress and the time left (the body is streamed, unsized).
    res.set(TOTAL_COUNT_HEADER, String(await lists.total(query)));
    return sendCsv<Book>(res, { name: 'books.csv', header: BOOK_COLUMNS, row: cellsOf }, await lists.all(query));
  });

  /**
   * With `Accept: application/x-ndjson` the answer streams: `{ "processed", "total" }` after each batch, then the
   * summary with its `status` (200, or 422 for a refused commit). Errors of the file itself (400, 413, 415)
   * come before the first line, as usual. Otherwise the summary alone, with that status.
   */
  mount(BOOK_TRANSFER.importBooks, async ({ user, query, req, res }) => {
    const streamed = req.get('accept')?.includes(NDJSON) === true;
    try {
      const progress = streamed ? (update: ImportProgress) => writeLine(res, update) : undefined;
      const { status, summary } = await imports.run(user, csvBody(req), query, { progress });
      if (!streamed) {
        res.status(status).json(summary);
        return;
      }
      writeLine(res, { ...summary, status });
      res.end();
    } catch (error) {
      if (!res.headersSent) {
        // Refused before the whole body was read (413, 400): the rest of it would be read as the next request.
        if (!req.complete) res.set('Connection', 'close');
        throw error;
      }
      // Mid-stream: the batches before stay committed (a rerun of the file finishes the import).
      const known =
        error instanceof AppError ? error : new AppError('internal', 500, 'The import stopped; run the same file again to finish it');
      res.end(`${JSON.stringify({ ...errorBody(known, req.id), status: known.status })}\n`);
      req.log.error({ err: error }, 'import stopped mid-stream');
    }
  });

  return router;
}
