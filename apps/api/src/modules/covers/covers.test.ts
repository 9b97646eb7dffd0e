import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { COVER_MAX_PIXELS, StoredCoverSchema } from '@book-warehouse/types';
import { addBook, apiError, bearer, readBook, setRole, UNKNOWN_ID, useTestApp, useTestUsers } from '../../../test/helpers';
import type { App } from '../../app';
import { createCoversRepository } from './covers.repository';

const ctx = useTestApp();
const [staff, viewer] = useTestUsers('Cora Covers', 'Vic Viewer');

beforeAll(() => setRole(ctx.db, viewer, 'viewer'));

const JPEG = fs.readFileSync(path.join(__dirname, '../../../test/fixtures/openlibrary/cover-9780201616224-L.jpg'));

/** A generated image of the given type and size. */
const image = (format: 'png' | 'webp' | 'jpeg', width = 64, height = 96) =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .toFormat(format)
    .toBuffer();

const upload = (body: Buffer | string, type = 'image/png', app: App = ctx.app) =>
  request(app).post('/api/covers').set(bearer(staff)).set('Content-Type', type).send(body);

const stored = async (body: Buffer, type?: string) => StoredCoverSchema.parse((await upload(body, type).expect(201)).body).photo;

/** The GridFS files stored: two (original and card) per cover. */
const storedFiles = () => ctx.db.collection<{ filename: string }>('covers.files').find().toArray();

describe('POST /api/covers', () => {
  it.each(['png', 'webp', 'jpeg'] as const)('stores a %s and answers its app path', async (format) => {
    const photo = await stored(await image(format), `image/${format}`);
    const res = await request(ctx.app).get(photo).expect(200);
    expect(res.headers['content-type']).toBe(`image/${format}`);
    expect((await sharp(res.body as Buffer).metadata()).format).toBe(format === 'jpeg' ? 'jpeg' : format);
  });

  it('keeps the original at most 1200 px and serves a 400 px wide WebP card', async () => {
    const photo = await stored(await image('png', 3000, 2000));
    const original = await sharp((await request(ctx.app).get(photo).expect(200)).body as Buffer).metadata();
    expect({ width: original.width, height: original.height }).toEqual({ width: 1200, height: 800 });
    const res = await request(ctx.app).get(`${photo}?size=card`).expect(200);
    expect(res.headers['content-type']).toBe('image/webp');
    const card = await sharp(res.body as Buffer).metadata();
    expect({ format: card.format, width: card.width, height: card.height }).toEqual({ format: 'webp', width: 400, height: 267 });
  });

  it('tells the type by the content, not the header: a JPEG sent as image/png is stored as the JPEG it is', async () => {
    const photo = await stored(JPEG, 'image/png');
    expect((await request(ctx.app).get(photo).expect(200)).headers['content-type']).toBe('image/jpeg');
  });

  it('refuses content that is not a JPEG, PNG or WebP, whatever the header says (415 naming file)', async () => {
    for (const body of [
      Buffer.from('GIF89a\x01\x00\x01\x00'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('%PDF-1.7'),
    ]) {
      const res = await upload(body, 'image/png').expect(415);
      expect(apiError(res.body)).toMatchObject({ code: 'unsupported_media_type', fields: { file: expect.any(String) as string } });
    }
  });

  it('refuses a body sent as another type (415 naming file), and an empty one (400)', async () => {
    const gif = await upload(JPEG, 'image/gif').expect(415);
    expect(apiError(gif.body).fields).toEqual({ file: 'must be a JPEG, PNG or WebP image' });
    const json = await request(ctx.app).post('/api/covers').set(bearer(staff)).send({ photo: 'x' }).expect(415);
    expect(apiError(json.body).fields).toHaveProperty('file');
    const empty = await upload(Buffer.alloc(0)).expect(400);
    expect(apiError(empty.body).fields).toEqual({ file: 'is required' });
  });

  it('refuses a damaged image with the right magic bytes (400 naming file), never a 500', async () => {
    const truncated = (await image('png', 400, 400)).subarray(0, 60);
    const res = await upload(truncated).expect(400);
    expect(apiError(res.body)).toMatchObject({ code: 'validation_failed', fields: { file: expect.any(String) as string } });
  });

  it('refuses an image over the pixel limit from its header (400 naming file and the limit) and stores nothing', async () => {
    const before = (await storedFiles()).length;
    // 6000 x 4001: one row over 6000 x 4000, a few kB of PNG.
    const res = await upload(await image('png', 6000, 4001)).expect(400);
    expect(apiError(res.body)).toMatchObject({
      code: 'validation_failed',
      message: expect.stringContaining(`at most ${COVER_MAX_PIXELS} pixels`) as string,
      fields: { file: `must have at most ${COVER_MAX_PIXELS} pixels` },
    });
    expect(await storedFiles()).toHaveLength(before);
  });

  it('answers 503 with Retry-After to the uploads past the decode queue, stores the others whole, and takes new ones after', async () => {
    const app = ctx.variant({ coverDecodes: { running: 1, waiting: 2 } });
    const big = await image('png', 5000, 4000);
    const before = await storedFiles();
    const answers = await Promise.all(Array.from({ length: 8 }, () => upload(big, 'image/png', app)));
    const accepted = answers.filter((res) => res.status === 201);
    const refused = answers.filter((res) => res.status === 503);
    expect(accepted.length + refused.length).toBe(8);
    // One decoding and two waiting are always taken; the rest only if a decode ended while they arrived.
    expect(accepted.length).toBeGreaterThanOrEqual(3);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const res of refused) {
      expect(res.headers['retry-after']).toBe('5');
      expect(apiError(res.body)).toMatchObject({
        code: 'unavailable',
        message: expect.stringContaining('again in a few seconds') as string,
      });
    }
    // Each accepted cover is stored with both versions; a refused upload left no file.
    const photos = accepted.map((res) => StoredCoverSchema.parse(res.body).photo);
    const added = (await storedFiles()).length - before.length;
    expect(added).toBe(2 * photos.length);
    for (const photo of photos) {
      await request(ctx.app).get(photo).expect(200);
      await request(ctx.app).get(`${photo}?size=card`).expect(200);
    }
    await upload(await image('png'), 'image/png', app).expect(201);
  });

  it('refuses a body over 5 MB (413 naming file)', async () => {
    const big = Buffer.concat([await image('png'), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(big).expect(413);
    expect(apiError(res.body)).toMatchObject({ code: 'payload_too_large', fields: { file: 'must be at most 5 MB' } });
  });

  it('is for staff: 401 without a token, 403 for a viewer', async () => {
    await request(ctx.app)
      .post('/api/covers')
      .set('Content-Type', 'image/png')
      .send(await image('png'))
      .expect(401);
    const res = await request(ctx.app)
      .post('/api/covers')
      .set(bearer(viewer))
      .set('Content-Type', 'image/png')
      .send(await image('png'));
    expect(res.status).toBe(403);
  });
});

describe('GET /api/covers/{id}', () => {
  it('serves with its type, an ETag and a year of immutable caching; 304 on If-None-Match', async () => {
    const photo = await stored(await image('png'));
    const res = await request(ctx.app).get(photo).expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['etag']).toMatch(/^"[0-9a-f]{24}"$/);
    expect(Number(res.headers['content-length'])).toBe((res.body as Buffer).length);
    const again = await request(ctx.app).get(photo).set('If-None-Match', res.headers['etag']!).expect(304);
    expect(again.body).toEqual(Buffer.alloc(0));
    // The card is another file: another ETag.
    const card = await request(ctx.app).get(`${photo}?size=card`).expect(200);
    expect(card.headers['etag']).not.toBe(res.headers['etag']);
    expect(card.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404 for an unknown id and 400 naming the parameter for a bad id or size', async () => {
    expect(apiError((await request(ctx.app).get(`/api/covers/${UNKNOWN_ID}`).expect(404)).body).code).toBe('not_found');
    expect(apiError((await request(ctx.app).get('/api/covers/not-an-id').expect(400)).body).fields).toHaveProperty('id');
    const photo = await stored(await image('png'));
    expect(apiError((await request(ctx.app).get(`${photo}?size=huge`).expect(400)).body).fields).toHaveProperty('size');
  });

  it('is public, and a book created with the path shows the cover', async () => {
    const photo = await stored(await image('webp'), 'image/webp');
    const book = await addBook(ctx.app, staff, { photo });
    expect((await readBook(ctx.app, book._id))?.photo).toBe(photo);
    const res = await request(ctx.app).get(`${photo}?size=card`).expect(200);
    expect(res.headers['content-type']).toBe('image/webp');
  });
});

describe('the clean-up of unused covers (pnpm migrate)', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const idOf = (photo: string) => photo.split('/').at(-1)!;
  const filesOf = async (photo: string) => (await storedFiles()).filter((file) => file.filename.startsWith(idOf(photo)));

  it('removes a cover no book has used for a day, both its files, and keeps the used and the recent ones', async () => {
    const covers = createCoversRepository(ctx.db);
    // Only this test's covers: the earlier tests' would be a day old too by the last run below.
    await Promise.all(['covers.files', 'covers.chunks'].map((name) => ctx.db.collection(name).deleteMany({})));
    const [used, old, recent] = [await stored(await image('png')), await stored(await image('png')), await stored(await image('png'))];
    const book = await addBook(ctx.app, staff, { photo: used });
    const now = new Date();
    // Uploaded two days ago and never given to a book.
    await ctx.db
      .collection('covers.files')
      .updateMany({ filename: { $regex: `^${idOf(old)}/` } }, { $set: { uploadDate: new Date(now.getTime() - 2 * DAY) } });

    expect(await covers.removeUnused(now, DAY)).toEqual({ removed: 1 });
    expect(await filesOf(old)).toHaveLength(0);
    await request(ctx.app).get(old).expect(404);
    expect(await filesOf(used)).toHaveLength(2);
    expect(await filesOf(recent)).toHaveLength(2);
    await request(ctx.app).get(used).expect(200);

    // Replaced on its book: kept for a day from the last run that saw it in use, then removed.
    await request(ctx.app).put(`/api/bookupdate/${book._id}`).set(bearer(staff)).send({ photo: recent }).expect(200);
    expect(await covers.removeUnused(new Date(now.getTime() + DAY / 2), DAY)).toEqual({ removed: 0 });
    expect(await covers.removeUnused(new Date(now.getTime() + DAY + 1000), DAY)).toEqual({ removed: 1 });
    expect(await filesOf(used)).toHaveLength(0);
    expect(await filesOf(recent)).toHaveLength(2);
  });
});
