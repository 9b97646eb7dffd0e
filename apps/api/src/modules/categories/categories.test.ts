import request from 'supertest';
import { CategoryCountSchema } from '@book-warehouse/types';
import { useTestApp } from '../../../test/helpers';

const ctx = useTestApp({ emptyBeforeEach: ['books'] });

const book = (name: string, catagory: string) => ({ bookName: name, catagory, stockQuantity: 1 });

describe('GET /api/categories', () => {
  it('answers each category in use with its number of books, most used first, then by name', async () => {
    await ctx.db
      .collection('books')
      .insertMany([
        book('A', 'Fiction'),
        book('B', 'Science'),
        book('C', 'Fiction'),
        book('D', 'Art'),
        book('E', 'Science'),
        book('F', 'Fiction'),
      ]);
    const res = await request(ctx.app).get('/api/categories').expect(200);
    expect(CategoryCountSchema.array().parse(res.body)).toEqual([
      { category: 'Fiction', count: 3 },
      { category: 'Science', count: 2 },
      { category: 'Art', count: 1 },
    ]);
  });

  it('answers an empty list when there are no books', async () => {
    expect((await request(ctx.app).get('/api/categories').expect(200)).body).toEqual([]);
  });
});
