import type { Book, Location, NewCount } from '@book-warehouse/types';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../components/ui/notify';
import { paths } from '../../../config/paths';
import { normaliseIsbn } from '../../../lib/isbn';
import { useCreateCount } from '../api/create-count';
import { countName } from '../format';
import { ApiErrorNotice } from './api-errors';

const control =
  'w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-amber-500 focus:ring-2 focus:ring-amber-200 focus:outline-none';

/** The API's field names in the form's words. */
const FIELD_NAMES: Record<string, string> = {
  scope: 'What to count',
  'scope.locationIds': 'Locations',
  'scope.category': 'Category',
  'scope.bookIds': 'Books',
  'tolerance.units': 'Tolerance in copies',
  'tolerance.percent': 'Tolerance in percent',
  note: 'Note',
};

/** A whole number typed into a field, or undefined when empty (the API refuses anything else, naming the field). */
const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text));

/**
 * A new count session: its scope (locations picked from the tree, a category, books by ISBN; each part narrows the
 * others), blind or not, the tolerance within which a count is accepted without a recount, and a note.
 */
export function NewCountForm({
  locations,
  categories,
  findBook,
}: {
  locations: readonly Location[];
  categories: readonly string[];
  findBook: (isbn: string) => Promise<Book | null>;
}) {
  const navigate = useNavigate();
  const create = useCreateCount();
  const id = useId();
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [filter, setFilter] = useState('');
  const [category, setCategory] = useState('');
  const [books, setBooks] = useState<Book[]>([]);
  const [isbn, setIsbn] = useState('');
  const [bookError, setBookError] = useState('');
  const [blind, setBlind] = useState(true);
  const [units, setUnits] = useState('');
  const [percent, setPercent] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');

  const shown = filter.trim()
    ? locations.filter((l) => `${l.code} ${l.name}`.toLowerCase().includes(filter.trim().toLowerCase()))
    : locations;

  const toggle = (locationId: string) =>
    setPicked((before) => {
      const next = new Set(before);
      if (!next.delete(locationId)) next.add(locationId);
      return next;
    });

  const addBook = async () => {
    const normal = normaliseIsbn(isbn);
    if (!normal) return setBookError(`'${isbn.trim()}' is not a valid ISBN`);
    try {
      const book = await findBook(normal);
      if (!book) return setBookError(`No book in the warehouse has ISBN ${normal}`);
      setBooks((before) => (before.some((b) => b._id === book._id) ? before : [...before, book]));
      setIsbn('');
      setBookError('');
    } catch (error) {
      setBookError((error as Error).message);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (picked.size === 0 && !category && books.length === 0)
      return setProblem('Pick at least one location, a category or a book to count.');
    setProblem('');
    const tolerance = { units: numberOf(units), percent: numberOf(percent) };
    const body: NewCount = {
      scope: {
        ...(picked.size ? { locationIds: [...picked] } : {}),
        ...(category ? { category } : {}),
        ...(books.length ? { bookIds: books.map((b) => b._id) } : {}),
      },
      blind,
      tolerance: Object.fromEntries(Object.entries(tolerance).filter(([, v]) => v !== undefined)),
      ...(note.trim() ? { note: note.trim() } : {}),
    };
    create.mutate(body, {
      onSuccess: (count) => {
        notify.success(`${countName(count)} created with ${count.lineCount} lines`);
        void navigate(paths.dashboard.count(count._id));
      },
    });
  };

  return (
    <form
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        New count
      </h2>
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="text-sm font-semibold text-slate-800">Locations (each covers every location beneath it)</legend>
        <label className="sr-only" htmlFor={`${id}-filter`}>
          Find a location to count
        </label>
        <input
          id={`${id}-filter`}
          className={control}
          placeholder="Find a location (code or name)"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
        <ul aria-label="Locations to count" className="max-h-60 overflow-y-auto rounded-lg border border-slate-200 p-2">
          {shown.map((location) => (
            <li key={location._id} style={{ paddingLeft: `${(location.depth - 1) * 1.25}rem` }}>
              <label className="flex min-h-11 items-center gap-3 text-sm">
                <input type="checkbox" className="size-5" checked={picked.has(location._id)} onChange={() => toggle(location._id)} />
                <span className="break-words">
                  <span className="font-mono font-semibold">{location.code}</span> {location.name}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-category`} className="text-sm font-medium text-slate-700">
            Category
          </label>
          <select id={`${id}-category`} className={control} value={category} onChange={(event) => setCategory(event.target.value)}>
            <option value="">Any category</option>
            {categories.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-isbn`} className="text-sm font-medium text-slate-700">
            Books (ISBN)
          </label>
          <div className="flex gap-2">
            <input
              id={`${id}-isbn`}
              className={control}
              value={isbn}
              inputMode="numeric"
              autoComplete="off"
              aria-invalid={bookError ? true : undefined}
              aria-describedby={bookError ? `${id}-isbn-error` : undefined}
              onChange={(event) => setIsbn(event.target.value)}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                event.preventDefault();
                void addBook();
              }}
            />
            <Button variant="secondary" className="shrink-0" onClick={() => void addBook()}>
              Add book
            </Button>
          </div>
          {bookError && (
            <p id={`${id}-isbn-error`} role="alert" className="text-sm text-red-700">
              {bookError}
            </p>
          )}
          {books.length > 0 && (
            <ul aria-label="Books to count" className="flex flex-col gap-1 text-sm">
              {books.map((book) => (
                <li key={book._id} className="flex items-center justify-between gap-2">
                  <span className="break-words">{book.bookName}</span>
                  <Button variant="ghost" onClick={() => setBooks((before) => before.filter((b) => b._id !== book._id))}>
                    Remove <span className="sr-only">{book.bookName}</span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <label className="flex min-h-11 items-center gap-3 text-sm">
        <input type="checkbox" className="size-5" checked={blind} onChange={(event) => setBlind(event.target.checked)} />
        <span>
          <span className="font-semibold">Blind count</span>: clerks do not see the expected quantities while they count
        </span>
      </label>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-800">Tolerance: a count within it is accepted without a recount</legend>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-units`} className="text-sm font-medium text-slate-700">
            Copies
          </label>
          <input
            id={`${id}-units`}
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            className={control}
            value={units}
            onChange={(e) => setUnits(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-percent`} className="text-sm font-medium text-slate-700">
            Percent of expected
          </label>
          <input
            id={`${id}-percent`}
            type="number"
            min={0}
            max={100}
            step="any"
            inputMode="decimal"
            className={control}
            value={percent}
            onChange={(e) => setPercent(e.target.value)}
          />
        </div>
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-note`} className="text-sm font-medium text-slate-700">
          Note
        </label>
        <textarea
          id={`${id}-note`}
          rows={2}
          maxLength={500}
          className={control}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <ApiErrorNotice error={create.error} fieldNames={FIELD_NAMES} />
      <div>
        <Button type="submit" disabled={create.isPending} className="min-h-11">
          {create.isPending ? 'Creating…' : 'Create the count'}
        </Button>
      </div>
    </form>
  );
}
