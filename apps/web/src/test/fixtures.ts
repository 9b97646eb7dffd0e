import type { Account, Book, Location, PurchaseOrder, PurchaseOrderLine, Review } from '@book-warehouse/types';

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

/** A signed-in account for component tests; override the role (and what else the test is about). */
export const testAccount = (overrides: Partial<Account> = {}): Account => ({
  uid: 'uid-ada',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  role: 'staff',
  emailVerified: false,
  adminByConfig: false,
  pendingAdminByConfig: false,
  firstSeen: '2026-01-01T09:00:00.000Z',
  lastSeen: '2026-01-02T09:00:00.000Z',
  ...overrides,
});

/** A stored comment for component tests; override what the test is about. */
export const testReview = (overrides: Partial<Review> = {}): Review => ({
  _id: '64b0000000000000000000aa',
  name: 'Ada Lovelace',
  img: '/avatars/reader.svg',
  time: '5/12/2022, 10:00:00 AM',
  description: 'Careful packing.',
  createdAt: '2022-05-12T10:00:00.000Z',
  ...overrides,
});

/** A stored location for component tests; override what the test is about. */
export const testLocation = (overrides: Partial<Location> & Pick<Location, '_id' | 'code'>): Location => ({
  name: overrides.code,
  parentId: null,
  holdsStock: true,
  depth: 1 + (overrides.ancestorIds?.length ?? 0),
  ancestorIds: [],
  quantity: 0,
  subtreeQuantity: 0,
  childCount: 0,
  ...overrides,
});

/** A line of a purchase order: `quantity` copies of a book at 4.00, `received` of them received. */
export const testOrderLine = (bookId: string, bookName: string, quantity: number, received = 0): PurchaseOrderLine => ({
  bookId,
  bookName,
  quantity,
  unitCost: 4,
  received,
  cancelled: 0,
  outstanding: quantity - received,
});

/** An ordered purchase order of Acme Books for component tests; its totals follow its lines. */
export function testPurchaseOrder(overrides: Partial<PurchaseOrder> = {}): PurchaseOrder {
  const lines = overrides.lines ?? [testOrderLine('64b000000000000000000021', 'Dune', 5)];
  const sum = (pick: (line: PurchaseOrderLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    _id: '64b000000000000000000031',
    number: 'PO-000007',
    supplierId: '64b000000000000000000041',
    supplierName: 'Acme Books',
    state: 'ordered',
    totals: {
      quantity: sum((line) => line.quantity),
      received: sum((line) => line.received),
      outstanding: sum((line) => line.outstanding),
      cost: sum((line) => line.quantity * line.unitCost),
    },
    createdBy: 'ada@example.com',
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-21T09:00:00.000Z',
    events: [],
    receipts: [],
    ...overrides,
    lines,
  };
}
