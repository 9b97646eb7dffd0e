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
  booksPerPage: 'Books per page',
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

  /** The import screen. */
  importTitle: 'Import books',
  importIntro:
    'Choose a CSV file with a header row. Each row becomes a book, or updates the book with the same ISBN (or the same name and author). Nothing is saved until you import.',
  importFile: 'CSV file',
  importColumns: 'Columns',
  importLeaveOut: 'Leave out',
  importPreview: (shown: number, total: number) => `Preview: the first ${shown} of ${total} rows`,
  importChecking: 'Checking the file with the server…',
  importDryRun: (created: number, updated: number, unchanged: number) =>
    `The import would add ${created} books, update ${updated} and leave ${unchanged} unchanged.`,
  importRowErrors: (rows: number) => `${rows} ${rows === 1 ? 'row has' : 'rows have'} errors; fix the file or skip them.`,
  importSkipInvalid: 'Skip the rows with errors',
  importCommit: 'Import',
  importRunning: 'Importing…',
  importRefused: 'The import was refused: some rows have errors, and nothing was saved.',
  importDone: (created: number, updated: number, unchanged: number) =>
    `Imported: ${created} added, ${updated} updated, ${unchanged} unchanged.`,
  importReportCsv: 'Download the report (CSV)',
  importReportJson: 'Download the report (JSON)',
  importEmpty: 'The file has no rows under its header.',
  importUnreadable: 'The file could not be read as CSV.',
} as const;
