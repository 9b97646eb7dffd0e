/**
 * The root query key of each feature. A feature builds all of its keys under its root (`features/x/api/keys.ts`),
 * so invalidating the root refreshes every query of that feature. A change in one feature that outdates another's
 * answers (a book change moves the stats and writes a history entry on the server) invalidates the other's root
 * by its name here, so features never import each other.
 */
export const queryRoots = {
  books: ['books'],
  histories: ['histories'],
  reviews: ['reviews'],
  stats: ['stats'],
  users: ['users'],
  /** The location tree, a location's page and its stock (a stock change moves their quantities too). */
  locations: ['locations'],
  /** Suppliers and purchase orders (a receipt moves books, stock and stats too). */
  purchasing: ['purchasing'],
  /** Count sessions, their reports and the count cycles. */
  counts: ['counts'],
  /** The signed-in user's import jobs (features/import). */
  imports: ['imports'],
  /** The signed-in account and its role (lib/account.ts). */
  account: ['account'],
} as const;
