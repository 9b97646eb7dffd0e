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
  /** The add form's ISBN lookup and cover upload (features/books/components/isbn-lookup.tsx, cover-upload.tsx). */
  isbnLookup: {
    label: 'Look up',
    busy: 'Looking up…',
    needIsbn: 'Type an ISBN first, then press Look up',
    found: (title: string) => `Found '${title}': check the filled fields, then add the rest`,
    notFound: 'No book found for this ISBN: fill the fields in by hand',
    unavailable: 'The ISBN lookup is unavailable right now: fill the fields in by hand',
  },
  coverUpload: {
    choose: 'Choose a photo',
    take: 'Take a photo',
    uploading: 'Uploading the cover',
    uploaded: 'Cover uploaded',
    preview: 'Cover preview',
    tooLarge: 'The photo is larger than 5 MB: choose a smaller one',
  },
  bookUpdated: 'Book Updated successfully!!!',
  quantityAdded: 'Books Quantity added successfully!!!',
  delivered: 'Books Delevard successfully!!!',
  priceUpdated: 'Book Price updated successfully!!!',
  commentPosted: 'Comment successfully',
  /** 'Update' on the update form with every field as it was: nothing is sent. */
  nothingChanged: 'Nothing changed: edit a field, then press Update Book',

  resetEmailSent: 'Sent email',
  emailRequired: 'Please provide a email.',
  passwordMismatch: 'Password Do not match',
  verificationSent: (email: string) => `Verification code sent in ${email} Please Check your Email.`,

  /** Undoing a history entry (the History screen, a card's delivery toast). */
  confirmUndo: (task: string, bookName: string) => `Undo '${task}' on ${bookName}?`,
  undone: (task: string) => `Undone: ${task}`,
  undoLabel: 'Undo',
  deliveryUndone: (bookName: string) => `Delivery of 1 copy of ${bookName} undone`,

  /** Deleting from the Manage Items table. */
  confirmDelete: 'Are you sure?',
  /** Deleting from My Items. */
  confirmDeleteMine: 'Are you sure to delete?',
  /** Beneath either question: which book goes. */
  confirmDeleteDetail: (book: { bookName: string; author: string }) => `“${book.bookName}” by ${book.author} will be deleted.`,

  /** The sign-in provider's errors in plain words (shown in red under the forms instead of its raw codes). */
  authErrors: {
    wrongCredentials: 'Wrong e-mail or password',
    emailInUse: 'An account with this e-mail already exists',
    invalidEmail: 'That e-mail address does not look right',
    weakPassword: 'Choose a longer password: at least 6 characters',
    tooManyRequests: 'Too many attempts: wait a few minutes, or reset your password',
    network: 'No connection to the sign-in service: check your network and try again',
    disabled: 'This account has been switched off: ask an administrator',
    popupBlocked: 'The browser blocked the sign-in window: allow pop-ups for this site and try again',
    otherProvider: 'This e-mail already signs in another way: use the button you used before',
    fallback: 'Signing in did not work: try again',
  },

  /** The lists' paging, filters and downloads (Manage Items, All Books, Import). */
  previousPage: 'Previous',
  nextPage: 'Next',
  /** The page size of every list of books (All Books, Manage Items): one word for one thing. */
  booksPerPage: 'Books per page',
  pageLinkExpired: 'That page of the list can no longer be found (an old or changed link): showing the first page.',
  pageTooDeep: 'That page is too deep in the list to open by its number: showing the first page. Search or filter to narrow the list.',
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
  exportByLocation: 'Export by location',
  exportFailed: 'The export failed',
  newBookHighlighted: (name: string) => `${name} was added and is highlighted in the list.`,
  viewAs: 'View',
  viewCards: 'Cards',
  viewList: 'List',

  /** The import screen. */
  importTitle: 'Import Books',
  importIntro:
    'Choose a CSV file with a header row. Each row becomes a book, or updates the book with the same ISBN (or the same name and author). Nothing is saved until you import.',
  importFile: 'CSV file',
  importColumns: 'Columns',
  importColumnsGuide: 'The columns a file may have',
  importColumnsIntro:
    'Name each column as below (any other header can be mapped to a field once the file is chosen, or left out). A row needs every required field; numbers use a dot for decimals.',
  importSample: 'Download a sample file',
  importLeaveOut: 'Leave out',
  importPreview: (shown: number, total: number) => `Preview: the first ${shown} of ${total} rows`,
  importChecking: 'Checking the file with the server…',
  importDryRun: (created: number, updated: number, unchanged: number) =>
    `The import would add ${created} books, update ${updated} and leave ${unchanged} unchanged.`,
  importRowErrors: (rows: number) => `${rows} ${rows === 1 ? 'row has' : 'rows have'} errors; fix the file or skip them.`,
  importLeftOut: (columns: readonly string[]) => `Left out (they fill no book field): ${columns.join(', ')}.`,
  importFirstErrors: (shown: number, total: number) =>
    `The first ${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} errors; fix the file or skip the rows with errors.`,
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
  importRecognised: (format: string) => `${format} recognised`,
  importDefaults: 'Values for the whole file',
  importDefaultsIntro:
    'These required fields have no value in some or all rows. Give each one a value here: every row without its own takes it.',
  importDefaultsApply: 'Use these values',
  /** Imports left running (docs/decisions/030-imports-left-running.md). */
  importJobsTitle: 'Your imports',
  importJobsIntro: 'An import goes on while you work elsewhere; its result waits here.',
  importQueued: 'Waiting to start',
  importCheckingFile: 'Checking the file',
  importWriting: 'Importing',
  importUnnamed: 'CSV file',
  importStopped: (processed: number, total: number | null) =>
    `${processed.toLocaleString('en-US')}${total === null ? '' : ` of ${total.toLocaleString('en-US')}`} rows were saved before it stopped; importing the same file again finishes it.`,
  exportProgress: 'Downloading the export',
} as const;
