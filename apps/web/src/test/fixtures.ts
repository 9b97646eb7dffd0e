import type { Book } from '@book-warehouse/types';

/** A stored book for component tests; override what the test is about. */
export const testBook = (overrides: Partial<Book> = {}): Book => ({
  _id: '64b000000000000000000001',
  bookName: 'Dune',
  author: 'Frank Herbert',
  publishar: 'Chilton Books',
  subTitle: 'A novel',
  description: 'Desert planet.',
  catagory: 'Fiction',
  stockQuantity: 5,
  photo: '/covers/dune.svg',
  price: 9.99,
  email: 'ada@example.com',
  ...overrides,
});
