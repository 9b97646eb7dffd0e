import request from 'supertest';
import { IsbnLookupSchema } from '@book-warehouse/types';
import { startOpenLibraryStub, RECORDED_ISBN, type OpenLibraryStub } from '../../../test/openlibrary-stub';
import { addBook, apiError, bearer, readBook, setRole, useTestApp, useTestUsers } from '../../../test/helpers';

const ctx = useTestApp();
const [staff, viewer] = useTestUsers('Isabel Isbn', 'Vera Viewer');
let stub: OpenLibraryStub;

beforeAll(async () => {
  stub = await startOpenLibraryStub();
  await setRole(ctx.db, viewer, 'viewer');
});
afterAll(() => stub.close());

/** The app with the lookup pointed at `template` (the stub's recorded answers unless given). */
const appWith = (urlTemplate?: string, timeoutMs = 1500) =>
  ctx.variant({ isbnLookup: { urlTemplate: urlTemplate ?? stub.urlTemplate, timeoutMs } });
const lookup = (isbn: string, app = appWith()) =>
  request(app)
    .get(`/api/isbn/${encodeURIComponent(isbn)}`)
    .set(bearer(staff));

describe('GET /api/isbn/{isbn}', () => {
  it('fills the book fields from the recorded answer and stores the cover in the app', async () => {
    const res = await lookup(RECORDED_ISBN).expect(200);
    const found = IsbnLookupSchema.parse(res.body);
    expect(found).toEqual({
      isbn: RECORDED_ISBN,
      bookName: 'The Pragmatic Programmer',
      subTitle: 'From Journeyman to Master',
      author: 'Andrew Hunt, David Thomas',
      publishar: 'Addison-Wesley Professional',
      photo: expect.stringMatching(/^\/api\/covers\/[0-9a-f]{24}$/) as string,
    });
    // The cover is served by the app (nothing hot-linked), in both sizes.
    const cover = await request(ctx.app).get(found.photo!).expect(200);
    expect(cover.headers['content-type']).toBe('image/jpeg');
    await request(ctx.app).get(`${found.photo}?size=card`).expect(200).expect('content-type', 'image/webp');
    // ...and a book added with the lookup's fields keeps it.
    const book = await addBook(ctx.app, staff, { bookName: found.bookName, photo: found.photo });
    expect((await readBook(ctx.app, book._id))?.photo).toBe(found.photo);
  });

  it('takes an ISBN-10 or a hyphenated ISBN-13 and asks for the 13 digits', async () => {
    for (const form of ['020161622X', '978-0-201-61622-4', '978 0 201 61622 4']) {
      expect((await lookup(form).expect(200)).body).toMatchObject({ isbn: RECORDED_ISBN, bookName: 'The Pragmatic Programmer' });
    }
  });

  it('answers the fields without a photo when the cover cannot be had', async () => {
    const res = await lookup('0-596-51774-2').expect(200);
    expect(res.body).toEqual({
      isbn: '9780596517748',
      bookName: 'JavaScript',
      subTitle: 'The Good Parts',
      author: 'Douglas Crockford',
      publishar: "O'Reilly Media",
    });
  });

  it('answers 404 when the service does not know the ISBN', async () => {
    const res = await lookup('9780306406157').expect(404);
    expect(apiError(res.body).code).toBe('not_found');
  });

  it('refuses an invalid ISBN with 400 naming isbn, without asking the service', async () => {
    for (const bad of ['9780201616225', '12345', 'not-an-isbn']) {
      const res = await lookup(bad, appWith(`${stub.base}/hang/{isbn}`)).expect(400);
      expect(apiError(res.body).fields).toEqual({ isbn: expect.any(String) as string });
    }
  });

  it('answers 503 lookup_unavailable when turned off', async () => {
    const off = ctx.variant({ isbnLookup: { urlTemplate: undefined, timeoutMs: 1500 } });
    const res = await lookup(RECORDED_ISBN, off).expect(503);
    expect(apiError(res.body)).toMatchObject({ code: 'lookup_unavailable', message: expect.stringContaining('turned off') as string });
    // The app's default in tests: off.
    expect(apiError((await lookup(RECORDED_ISBN, ctx.app).expect(503)).body).code).toBe('lookup_unavailable');
  });

  it('answers 503 within the timeout when the service never answers', async () => {
    const started = Date.now();
    const res = await lookup(RECORDED_ISBN, appWith(`${stub.base}/hang/{isbn}`, 300)).expect(503);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(apiError(res.body)).toMatchObject({ code: 'lookup_unavailable', message: expect.stringContaining('300 ms') as string });
    expect(res.headers['retry-after']).toBe('5');
  });

  it('answers 503 when the service cannot be reached', async () => {
    const res = await lookup(RECORDED_ISBN, appWith('http://127.0.0.1:1/api/books?bibkeys=ISBN:{isbn}')).expect(503);
    expect(apiError(res.body).code).toBe('lookup_unavailable');
  });

  it('answers 502 lookup_failed, never a 500, for an answer it cannot read, one too large or an HTTP error', async () => {
    for (const path of ['malformed', 'huge', 'wrong-shape', 'error']) {
      const res = await lookup(RECORDED_ISBN, appWith(`${stub.base}/${path}/{isbn}`));
      expect({ path, status: res.status, body: res.body as unknown }).toMatchObject({ path, status: 502 });
      expect(apiError(res.body)).toMatchObject({ code: 'lookup_failed', message: expect.stringContaining('unusable answer') as string });
    }
  });

  it('is for staff: 401 without a token, 403 for a viewer', async () => {
    await request(appWith()).get(`/api/isbn/${RECORDED_ISBN}`).expect(401);
    await request(appWith()).get(`/api/isbn/${RECORDED_ISBN}`).set(bearer(viewer)).expect(403);
  });
});
