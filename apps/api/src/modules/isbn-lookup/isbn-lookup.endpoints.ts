import { IsbnLookupSchema, IsbnParamsSchema } from '@book-warehouse/types';
import { endpoints } from '../../middleware/endpoint';

/** The lookup that fills the add form: staff only, as adding a book is. */
export const ISBN_LOOKUP = endpoints({
  lookupIsbn: {
    method: 'get',
    path: '/isbn/:isbn',
    access: 'staff',
    summary:
      'Look an ISBN up at the book-data service (ISBN_LOOKUP_URL, Open Library by default) to fill the add form; its cover is stored in the app',
    params: IsbnParamsSchema,
    errors: [404, 502],
    errorDescriptions: {
      404: 'The book-data service does not know this ISBN',
      502: 'The book-data service answered something that cannot be read (not JSON, another shape, too large, an HTTP error)',
      503: 'The lookup is turned off (ISBN_LOOKUP_URL=off), the service did not answer within ISBN_LOOKUP_TIMEOUT_MS or cannot be reached, or the database is unavailable; retry after Retry-After seconds',
    },
    ok: {
      status: 200,
      schema: IsbnLookupSchema,
      description: "The fields the service knew, in the book's names; photo is the app path of the stored cover",
    },
  },
});
