import { PurchaseOrderPatchSchema, type Book, type PurchaseOrder, type PurchaseOrderPatch } from '@book-warehouse/types';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { BarcodeReader } from '../../../components/ui/barcode-reader';
import { Button } from '../../../components/ui/button';
import { Field, TextAreaField } from '../../../components/ui/field';
import { notify } from '../../../components/ui/notify';
import { SearchInput } from '../../../components/ui/search-input';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useUpdatePurchaseOrder } from '../api/change-purchase-order';
import { purchasingKeys } from '../api/keys';
import { draftLinesOf, draftPatch, lineErrors, receivedErrors, withBook, type DraftLine } from '../order-draft';

/** How the editor finds books: by ISBN (a scan) and by a text (title, author, ISBN); the page hands them in. */
export interface BookFinder {
  findBook: (isbn: string) => Promise<Book | null>;
  searchBooks: (text: string) => Promise<Book[]>;
}

const cell =
  'w-24 rounded-lg border border-slate-300 bg-white px-2 py-1 text-right text-slate-900 tabular-nums focus:border-amber-500 focus:ring-2 focus:ring-amber-200 focus:outline-none aria-invalid:border-red-500';

/**
 * An order's editor: its lines (add a book by search or scan, its quantity and unit cost, remove it), the expected
 * date and the notes. A draft's, or an admin's on an ordered order (docs/rules.md, Buying): there a line with copies
 * received stays, and its quantity goes no lower than them. Saving sends the whole list of lines (PATCH replaces
 * them); the server's refusal of a line ('lines.2.quantity') is shown on that line.
 */
export function OrderEditor({ order, finder, onDone }: { order: PurchaseOrder; finder: BookFinder; onDone: () => void }) {
  const [lines, setLines] = useState<DraftLine[]>(() => draftLinesOf(order));
  const [expectedAt, setExpectedAt] = useState(order.expectedAt?.slice(0, 10) ?? '');
  const [notes, setNotes] = useState(order.notes ?? '');
  const [text, setText] = useState('');
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string }>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdatePurchaseOrder();
  const found = useQuery({
    queryKey: purchasingKeys.bookSearch(text),
    queryFn: () => finder.searchBooks(text),
    enabled: text.trim().length > 0,
  });

  const add = (book: Book) => {
    setLines((current) => withBook(current, book));
    setNotice({ tone: 'ok', text: `${book.bookName} is on the order` });
  };
  const onIsbn = async (isbn: string) => {
    try {
      const book = await finder.findBook(isbn);
      if (book) add(book);
      else setNotice({ tone: 'error', text: `No book in the warehouse has ISBN ${isbn}.` });
    } catch (error) {
      setNotice({ tone: 'error', text: `Could not look up ISBN ${isbn}: ${(error as Error).message}` });
    }
  };
  const setLine = (bookId: string, change: Partial<DraftLine>) =>
    setLines((current) => current.map((line) => (line.bookId === bookId ? { ...line, ...change } : line)));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const patch = draftPatch(order, lines, expectedAt, notes);
    const parsed = PurchaseOrderPatchSchema.safeParse(patch);
    if (!parsed.success) return setErrors(lineErrors(parsed.error.issues));
    const below = receivedErrors(lines);
    if (Object.keys(below).length) return setErrors(below);
    setErrors({});
    update.mutate(
      { id: order._id, patch: parsed.data satisfies PurchaseOrderPatch },
      {
        onSuccess: (saved) => {
          notify.success(`${saved.number} updated`);
          onDone();
        },
        onError: (error) => {
          notify.error(error.message);
          setErrors({ form: error.message, ...(error instanceof ApiError ? error.fields : {}) });
        },
      },
    );
  };

  const error = (key: string) => errors[key];
  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Edit ${order.number}`} className="flex min-w-0 flex-col gap-4">
      <section aria-labelledby="editor-add-heading" className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <h3 id="editor-add-heading" className="font-semibold text-slate-900">
          Add books
        </h3>
        <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
          <div className="min-w-0">
            <SearchInput label="Find a book by title, author or ISBN" value={text} onSearch={setText} />
            {found.isFetching && <Spinner label="Finding books" className="min-h-10" />}
            {found.isError && (
              <p role="alert" className="text-sm text-red-700">
                {found.error.message}
              </p>
            )}
            {found.data && text && (
              <ul aria-label="Books found" className="mt-2 flex max-h-64 flex-col gap-1 overflow-y-auto">
                {found.data.length === 0 && <li className="text-sm text-slate-600">No book matches.</li>}
                {found.data.slice(0, 20).map((book) => (
                  <li key={book._id} className="flex items-center justify-between gap-2 rounded-lg px-2 py-1 ring-1 ring-slate-200">
                    <span className="min-w-0 text-sm break-words">{book.bookName}</span>
                    <Button
                      variant="secondary"
                      className="shrink-0 px-3 py-1"
                      onClick={() => add(book)}
                      aria-label={`Add ${book.bookName}`}
                    >
                      Add
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="min-w-0">
            <BarcodeReader label="Or scan an ISBN" onCode={(isbn) => void onIsbn(isbn)} />
            <div aria-live="polite" className="mt-2 min-h-6 text-sm">
              {notice && <p className={notice.tone === 'error' ? 'text-red-700' : 'text-emerald-700'}>{notice.text}</p>}
            </div>
          </div>
        </div>
      </section>
      <section aria-labelledby="editor-lines-heading" className="flex flex-col gap-2">
        <h3 id="editor-lines-heading" className="font-semibold text-slate-900">
          Lines
        </h3>
        {error('lines') && (
          <p role="alert" className="text-sm text-red-700">
            Lines {error('lines')}
          </p>
        )}
        {lines.length === 0 ? (
          <p className="text-sm text-slate-600">No line yet: add a book above.</p>
        ) : (
          <ul aria-label="Order lines" className="flex flex-col gap-2">
            {lines.map((line, index) => {
              const lineError = error(`lines.${index}`) ?? error(`lines.${index}.bookId`);
              const quantityError = error(`lines.${index}.quantity`);
              const costError = error(`lines.${index}.unitCost`);
              return (
                <li
                  key={line.bookId}
                  className={`flex flex-col gap-2 rounded-lg bg-white p-3 ring-1 sm:flex-row sm:items-end ${lineError || quantityError || costError ? 'ring-2 ring-red-500' : 'ring-slate-200'}`}
                >
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold break-words text-slate-900">{line.bookName}</p>
                    {line.isbn && <p className="text-xs text-slate-600">ISBN {line.isbn}</p>}
                    {line.received > 0 && <p className="text-sm text-slate-700">{line.received} received: it stays, at least that many</p>}
                    {[lineError, quantityError && `Quantity ${quantityError}`, costError && `Unit cost ${costError}`]
                      .filter(Boolean)
                      .map((message) => (
                        <p key={message} className="text-sm font-medium text-red-700">
                          {message}
                        </p>
                      ))}
                  </div>
                  <label className="flex flex-col gap-1 text-sm text-slate-700">
                    Quantity
                    <input
                      type="number"
                      inputMode="numeric"
                      min={Math.max(1, line.received)}
                      step={1}
                      value={line.quantity}
                      aria-invalid={quantityError ? true : undefined}
                      onChange={(event) => setLine(line.bookId, { quantity: event.target.value })}
                      className={cell}
                    />
                  </label>
                  <label className="flex flex-col gap-1 text-sm text-slate-700">
                    Unit cost
                    <input
                      type="number"
                      inputMode="decimal"
                      min={0}
                      step="0.01"
                      value={line.unitCost}
                      aria-invalid={costError ? true : undefined}
                      onChange={(event) => setLine(line.bookId, { unitCost: event.target.value })}
                      className={cell}
                    />
                  </label>
                  {line.received === 0 && (
                    <Button
                      variant="ghost"
                      onClick={() => setLines((current) => current.filter((other) => other.bookId !== line.bookId))}
                      aria-label={`Remove ${line.bookName}`}
                    >
                      Remove
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field
          label="Expected delivery"
          type="date"
          value={expectedAt}
          onChange={(event) => setExpectedAt(event.target.value)}
          error={error('expectedAt') ? { type: 'server', message: `Expected delivery ${error('expectedAt')}` } : undefined}
        />
      </div>
      <TextAreaField
        label="Notes"
        rows={3}
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        error={error('notes') ? { type: 'server', message: `Notes ${error('notes')}` } : undefined}
      />
      {error('form') && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error('form')}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save the order'}
        </Button>
        <Button variant="ghost" onClick={onDone} disabled={update.isPending}>
          Cancel editing
        </Button>
      </div>
    </form>
  );
}
