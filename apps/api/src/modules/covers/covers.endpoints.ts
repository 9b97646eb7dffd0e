import { COVER_MAX_PIXELS, COVER_TYPES, CoverParamsSchema, CoverQuerySchema, StoredCoverSchema } from '@book-warehouse/types';
import { endpoints } from '../../middleware/endpoint';

/** Cover uploads (staff, as the book they go with) and public downloads. */
export const COVERS = endpoints({
  uploadCover: {
    method: 'post',
    path: '/covers',
    access: 'staff',
    summary: 'Upload a cover photo (JPEG, PNG or WebP, told by its content; at most 5 MB); stored with a 400 px card version',
    rawBody: { types: COVER_TYPES, description: 'The image itself, with its Content-Type' },
    errorDescriptions: {
      400: `An empty body, an image that cannot be decoded, or one of more than ${COVER_MAX_PIXELS} pixels (6000 x 4000), told from its header (error.fields.file)`,
      413: 'The image is larger than 5 MB (error.fields.file)',
      415: 'The Content-Type is not image/jpeg, image/png or image/webp, or the content is not one of them whatever the header says (error.fields.file)',
      503: 'Too many images are already being processed (code unavailable; the body was not read), or the database is unavailable; retry after Retry-After seconds',
    },
    ok: { status: 201, schema: StoredCoverSchema, description: "The cover's app path, for a book's photo" },
  },
  getCover: {
    method: 'get',
    path: '/covers/:id',
    access: 'public',
    summary: 'A stored cover: the original (at most 1200 px), or with size=card the 400 px wide WebP',
    params: CoverParamsSchema,
    query: CoverQuerySchema,
    errorDescriptions: { 404: 'No such cover' },
    ok: {
      status: 200,
      binary: COVER_TYPES,
      description: 'The image. Cache-Control: public, max-age=31536000, immutable (a cover never changes), with an ETag',
    },
  },
});
