import { pipeline } from 'node:stream/promises';
import type { Request, RequestHandler, Response, Router } from 'express';
import { COVER_MAX_BYTES, COVER_TYPES, type CoverType } from '@book-warehouse/types';
import { AppError } from '../../lib/errors';
import type { Access } from '../../middleware/access';
import { endpointRouter } from '../../middleware/endpoint';
import { COVERS } from './covers.endpoints';
import type { CoversService } from './covers.service';

const tooLarge = () =>
  new AppError('payload_too_large', 413, `The image is larger than ${COVER_MAX_BYTES / 1024 / 1024} MB`, {
    file: 'must be at most 5 MB',
  });

/** A body the answer leaves unread is drained, not kept, and the connection closed after the answer. */
function dropBody(req: Request, res: Response) {
  res.set('Connection', 'close');
  req.resume();
}

/**
 * Reads the raw body, at most COVER_MAX_BYTES: a larger declared length is refused before reading, a larger
 * stream as soon as it passes the limit (the rest is drained unread and the connection closed). An empty body
 * is a 400.
 */
async function readImageBody(req: Request, res: Response): Promise<Buffer> {
  const declared = Number(req.get('content-length') ?? 0);
  const refuse = () => {
    dropBody(req, res);
    return tooLarge();
  };
  if (declared > COVER_MAX_BYTES) throw refuse();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > COVER_MAX_BYTES) throw refuse();
    chunks.push(chunk);
  }
  if (size === 0) throw new AppError('validation_failed', 400, 'The body holds no image', { file: 'is required' });
  return Buffer.concat(chunks);
}

/**
 * Cover uploads and downloads. The router is mounted before the JSON body check (an upload's body is an
 * image), so GETs take the read limit it is given.
 */
export function createCoversRouter(service: CoversService, access: Access, limitReads: RequestHandler): Router {
  const { router, mount } = endpointRouter({ access });
  mount(COVERS.uploadCover, async ({ req, res }) => {
    // The header says how the body is sent; the content itself decides what it is (prepareCover).
    if (!COVER_TYPES.includes(req.get('content-type')?.split(';')[0]?.trim().toLowerCase() as CoverType)) {
      throw new AppError('unsupported_media_type', 415, `Send the image as the body with "Content-Type: ${COVER_TYPES.join(' | ')}"`, {
        file: 'must be a JPEG, PNG or WebP image',
      });
    }
    try {
      // The body is read only once the upload has a place in the decode queue (cover-image.ts).
      return await service.store(() => readImageBody(req, res));
    } finally {
      // Refused before its body was read (503): not kept in memory, and not read on a connection kept open.
      if (!req.complete) dropBody(req, res);
    }
  });
  mount(
    COVERS.getCover,
    async ({ params, query, req, res }) => {
      const cover = await service.read(params.id.toLowerCase(), query.size ?? 'original');
      // A cover never changes: its id names new content, so browsers and proxies may keep it for a year.
      res.set({ 'Cache-Control': 'public, max-age=31536000, immutable', ETag: cover.etag, 'Content-Type': cover.type });
      res.set('X-Content-Type-Options', 'nosniff');
      if (req.fresh) {
        res.status(304).end();
        return;
      }
      res.set('Content-Length', String(cover.length));
      await pipeline(cover.open(), res);
    },
    { before: [limitReads] },
  );
  return router;
}
