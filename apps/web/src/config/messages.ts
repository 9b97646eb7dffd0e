/**
 * The spec's labels, toasts and confirmations, each defined once. Their spelling, capitals and punctuation
 * are the spec's and are kept on purpose ('Deleverd', 'Delevard', 'a email', 'Password Do not match', '!!!'):
 * docs/rules.md, Alerts and confirmations. Tests match the same words as literals, as a user reads them.
 * The history labels ('Singup', 'Deleverd {n} Quantity', ...) live in packages/types/src/history.ts.
 */
export const messages = {
  /** The delivery button, on the cards and on the quantity screen. */
  deliverLabel: 'Deleverd',
  outOfStock: 'Out of Stock',
  showAllBooks: 'Show all Book',

  bookAdded: 'Item Added successfully',
  bookUpdated: 'Book Updated successfully!!!',
  quantityAdded: 'Books Quantity added successfully!!!',
  delivered: 'Books Delevard successfully!!!',
  priceUpdated: 'Book Price updated successfully!!!',
  commentPosted: 'Comment successfully',

  resetEmailSent: 'Sent email',
  emailRequired: 'Please provide a email.',
  passwordMismatch: 'Password Do not match',
  verificationSent: (email: string) => `Verification code sent in ${email} Please Check your Email.`,

  /** Deleting from the Manage Items table. */
  confirmDelete: 'Are you sure?',
  /** Deleting from My Items. */
  confirmDeleteMine: 'Are you sure to delete?',

  /** The lists' paging, filters and downloads (Manage Items, All Books, Import). */
  previousPage: 'Previous',
  nextPage: 'Next',
  rowsPerPage: 'Rows per page',
  filterBooks: 'Filter books',
  filterPlaceholder: 'Name, author, publication, category or ISBN',
  allCategories: 'All categories',
  category: 'Category',
  stock: 'Stock',
  anyStock: 'Any stock',
  stockLabels: { low: 'Low stock', out: 'Out of stock', in: 'In stock' },
  bookCount: (total: number) => `${total} ${total === 1 ? 'book' : 'books'}`,
  noBooksMatch: 'No books match these filters.',
  clearFilters: 'Clear filters',
  exportCsv: 'Export CSV',
  exportFailed: 'The export failed',
  newBookHighlighted: (name: string) => `${name} was added and is highlighted in the list.`,
  viewAs: 'View',
  viewCards: 'Cards',
  viewList: 'List',
} as const;
