import request from 'supertest';
import { ReviewCountSchema, ReviewSchema } from '@book-warehouse/types';
import { apiError, bearer, useTestApp, useTestUsers } from '../../../test/helpers';
import { REVIEW_AVATAR } from './reviews.service';

const ctx = useTestApp({ emptyBeforeEach: ['reviews'] });
const [reader] = useTestUsers('Rita Reader');

const count = async () => ReviewCountSchema.parse((await request(ctx.app).get('/api/reviewCount').expect(200)).body).count;
const page = async (n: number) => ReviewSchema.array().parse((await request(ctx.app).get(`/api/reviews?page=${n}`).expect(200)).body);
const post = (description: string) => request(ctx.app).post('/api/review').set(bearer(reader)).send({ description }).expect(201);

describe('GET /api/reviewCount', () => {
  it('answers { count } for no reviews and after posting', async () => {
    expect((await request(ctx.app).get('/api/reviewCount').expect(200)).body).toEqual({ count: 0 });
    await post('One');
    await post('Two');
    expect(await count()).toBe(2);
  });
});

describe('GET /api/reviews', () => {
  it('answers 3 per page, newest first, page 0 first', async () => {
    for (const text of ['1', '2', '3', '4', '5', '6', '7']) await post(text);
    expect((await page(0)).map((r) => r.description)).toEqual(['7', '6', '5']);
    expect((await page(1)).map((r) => r.description)).toEqual(['4', '3', '2']);
    expect((await page(2)).map((r) => r.description)).toEqual(['1']);
    expect(await page(3)).toEqual([]);
  });

  it('answers page 0 without a page', async () => {
    await post('Only');
    const res = await request(ctx.app).get('/api/reviews').expect(200);
    expect(
      ReviewSchema.array()
        .parse(res.body)
        .map((r) => r.description),
    ).toEqual(['Only']);
  });

  it.each(['page=-1', 'page=1.5', 'page=abc', 'page=100001', 'page[$gt]=0', 'size=10'])('refuses ?%s with 400', async (query) => {
    const res = await request(ctx.app).get(`/api/reviews?${query}`).expect(400);
    expect(apiError(res.body).code).toBe('validation_failed');
  });
});

describe('POST /api/review', () => {
  it("stores the comment with the token's name, the fixed avatar and the server time, whatever the body says", async () => {
    const res = await request(ctx.app)
      .post('/api/review')
      .set(bearer(reader))
      .send({ name: 'Impostor', img: 'javascript:alert(1)', time: 'yesterday', description: 'Great service' })
      .expect(201);

    const review = ReviewSchema.parse(res.body);
    expect(review).toMatchObject({ name: 'Rita Reader', img: REVIEW_AVATAR, description: 'Great service' });
    expect(review.time).not.toBe('yesterday');
    expect(await page(0)).toEqual([review]);
  });

  it.each<[string, Record<string, unknown>]>([
    ['no description', {}],
    ['a blank description', { description: '   ' }],
    ['a description far too long', { description: 'x'.repeat(1001) }],
    ['an operator object', { description: { $gt: '' } }],
    ['an unknown field', { description: 'Hi', rating: 5 }],
  ])('answers 400 for %s and stores nothing', async (_label, body) => {
    apiError((await request(ctx.app).post('/api/review').set(bearer(reader)).send(body).expect(400)).body);
    expect(await count()).toBe(0);
  });

  it('answers 401 when signed out and stores nothing', async () => {
    apiError((await request(ctx.app).post('/api/review').send({ description: 'Anonymous' }).expect(401)).body);
    expect(await count()).toBe(0);
  });
});
