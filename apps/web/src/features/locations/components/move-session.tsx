import type { Book, Location } from '@book-warehouse/types';
import { useReducer, useRef, useState } from 'react';
import { BarcodeReader } from '../../../components/ui/barcode-reader';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../components/ui/notify';
import { ScanSessionActions } from '../../../components/ui/scan-session-actions';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { newKey } from '../../../lib/idempotency-key';
import { isDeadSpot, queueIntent, savedOnPhone, useFloorScreen } from '../../../lib/offline/offline-queue';
import { copies, scanBookInto } from '../../../lib/scan-book';
import { useLocation as useLocationDetail } from '../api/get-location';
import { useFindLocation } from '../api/find-location-by-code';
import { useTransferStock } from '../api/transfer-stock';
import { copiesOf, emptyMove, hasRoomFor, moveReducer, movePhase, quantityAt, transfersOf, type MoveLine } from '../move-tally';

const place = (location: Location) => `${location.code} (${location.name})`;

const prompts = {
  from: 'Scan the location to move from.',
  books: 'Scan each book: every scan is one copy (or type a count for a box).',
  to: 'Scan more books, or scan the location to move them to.',
  review: 'Check the move, then commit it.',
} as const;

function LineRow({ line, from, onCount, busy }: { line: MoveLine; from?: Location; onCount: (count: number) => void; busy: boolean }) {
  const [typed, setTyped] = useState(String(line.count));
  // A scan or an undo changed the count: the field shows it.
  const [shown, setShown] = useState(line.count);
  if (shown !== line.count) {
    setShown(line.count);
    setTyped(String(line.count));
  }
  const name = line.book.bookName;
  const held = quantityAt(line.book, from?._id);
  const commitTyped = () => {
    const n = Number(typed);
    if (Number.isInteger(n) && n >= 0) onCount(n);
    else setTyped(String(line.count));
  };
  return (
    <li
      className={`flex flex-col gap-2 rounded-lg bg-white p-3 ring-1 sm:flex-row sm:items-center ${line.error ? 'ring-2 ring-red-500' : 'ring-slate-200'}`}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words text-slate-900">{name}</p>
        {held !== undefined && from && (
          <p className="text-sm text-slate-600">
            {copies(held)} at {from.code}
          </p>
        )}
        {line.error && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {line.error}
          </p>
        )}
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        Copies
        <input
          type="number"
          inputMode="numeric"
          min={0}
          value={typed}
          disabled={busy}
          aria-label={`Copies of ${name}`}
          onChange={(event) => setTyped(event.target.value)}
          onBlur={commitTyped}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commitTyped();
            }
          }}
          className="w-24 rounded-lg border border-slate-300 bg-white px-3 py-2 text-right text-slate-900 tabular-nums focus:border-amber-500 focus:ring-2 focus:ring-amber-200 focus:outline-none"
        />
      </label>
    </li>
  );
}

/**
 * The move screen: scan the source location, scan books (each scan one copy; a typed count for a box), scan the
 * destination, check and commit (POST /stock/transfers, all or nothing, one Idempotency-Key per commit). Undo
 * takes back the last scan or count. A book is found by its ISBN through `findBook` (the page hands it in).
 */
function MoveSession({ findBook, from }: { findBook: (isbn: string) => Promise<Book | null>; from?: Location }) {
  const findLocation = useFindLocation();
  const transfer = useTransferStock();
  const { online } = useFloorScreen();
  const [state, dispatch] = useReducer(moveReducer, from, emptyMove);
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string }>();
  const [refusal, setRefusal] = useState<string>();
  const field = useRef<HTMLInputElement>(null);
  const phase = movePhase(state);
  const busy = transfer.isPending;
  const total = copiesOf(state);

  const onLocationCode = async (code: string) => {
    try {
      const location = await findLocation(code);
      if (!location) return setNotice({ tone: 'error', text: `No location or book has the code ${code}.` });
      if (!location.holdsStock)
        return setNotice({ tone: 'error', text: `${place(location)} holds no stock: scan one of the locations beneath it.` });
      if (state.from && state.lines.length > 0 && location._id === state.from._id)
        return setNotice({ tone: 'error', text: `${location.code} is where the books come from: scan another location to move them to.` });
      dispatch({ type: 'location', location });
      const asSource = !state.from || (state.lines.length === 0 && !state.to);
      setNotice({ tone: 'ok', text: asSource ? `Moving from ${place(location)}` : `Moving to ${place(location)}` });
    } catch (error) {
      setNotice({ tone: 'error', text: `Could not look up ${code}: ${(error as Error).message}` });
    }
  };

  const onIsbn = async (isbn: string) => {
    if (!state.from) return setNotice({ tone: 'error', text: 'Scan the location to move from first.' });
    setNotice(
      await scanBookInto(isbn, {
        name: 'move',
        lines: state.lines,
        find: findBook,
        hasRoomFor: (bookId) => hasRoomFor(state, bookId),
        add: (book) => dispatch({ type: 'book', book }),
      }),
    );
  };

  const onCommit = () => {
    const body = transfersOf(state);
    if (!body || !state.from || !state.to) return;
    const { from: source, to } = state;
    setRefusal(undefined);
    // An intent of the offline queue, its key made now (or the key of a commit cut by a dead spot, where the browser
    // says online but no answer came); a refusal on replay shows under 'Needs attention'.
    const queue = (deadSpotKey?: string) => {
      const summary = `Move ${copies(total)} from ${source.code} to ${to.code}`;
      const books = state.lines.map((line) => ({
        bookId: line.book._id,
        name: line.book.bookName,
        stockSeen: quantityAt(line.book, source._id) ?? line.book.stockQuantity,
      }));
      const call = { kind: 'transfers', path: '/stock/transfers', body } as const;
      void queueIntent({ call, precondition: { books }, summary, idempotencyKey: deadSpotKey }).then(
        () => {
          if (!deadSpotKey) notify.success(`Queued: ${summary}. It is sent when the network returns.`);
          dispatch({ type: 'clear' });
          setNotice(deadSpotKey ? { tone: 'ok', text: `${savedOnPhone}.` } : undefined);
          field.current?.focus();
        },
        (error: Error) => setRefusal(error.message),
      );
    };
    if (!online) return queue();
    const key = newKey();
    transfer.mutate(
      { body, key },
      {
        onSuccess: () => {
          notify.success(`Moved ${copies(total)} from ${source.code} to ${to.code}`);
          dispatch({ type: 'clear' });
          setNotice(undefined);
          field.current?.focus();
        },
        onError: (error) => {
          if (isDeadSpot(error)) return queue(key);
          if (error instanceof ApiError && Object.keys(error.fields).some((key) => key.startsWith('lines.'))) {
            dispatch({ type: 'refused', fields: error.fields });
            setRefusal(`Nothing was moved. ${error.message}`);
          } else setRefusal(error.message);
        },
      },
    );
  };

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <ol aria-label="Steps" className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
        <li className="rounded-lg bg-white p-3 ring-1 ring-slate-200">
          <span className="block text-xs font-semibold tracking-wide text-slate-600 uppercase">1. From</span>
          <span className="font-semibold break-words">{state.from ? place(state.from) : 'Not scanned yet'}</span>
        </li>
        <li className="rounded-lg bg-white p-3 ring-1 ring-slate-200">
          <span className="block text-xs font-semibold tracking-wide text-slate-600 uppercase">2. Books</span>
          <span className="font-semibold">
            {state.lines.length} {state.lines.length === 1 ? 'book' : 'books'}, {copies(total)}
          </span>
        </li>
        <li className="rounded-lg bg-white p-3 ring-1 ring-slate-200">
          <span className="block text-xs font-semibold tracking-wide text-slate-600 uppercase">3. To</span>
          <span className="font-semibold break-words">{state.to ? place(state.to) : 'Not scanned yet'}</span>
        </li>
      </ol>
      <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <p className="mb-3 font-medium text-slate-900">{prompts[phase]}</p>
        <BarcodeReader
          label="Location code or ISBN (type it, or use a barcode scanner)"
          onCode={(isbn) => void onIsbn(isbn)}
          onOtherCode={(code) => void onLocationCode(code)}
          disabled={busy}
          focusOnArrival
          fieldRef={field}
        />
        <div aria-live="polite" className="mt-2 min-h-6 text-sm">
          {notice && <p className={notice.tone === 'error' ? 'text-red-700' : 'text-emerald-700'}>{notice.text}</p>}
        </div>
        <Button variant="secondary" className="mt-2" onClick={() => dispatch({ type: 'undo' })} disabled={busy || state.steps.length === 0}>
          Undo the last scan
        </Button>
      </div>
      {refusal && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {refusal}
        </p>
      )}
      <section aria-labelledby="move-lines-heading" className="flex flex-col gap-3">
        <h2 id="move-lines-heading" className="text-lg font-semibold">
          Books to move
        </h2>
        {state.lines.length === 0 ? (
          <p className="text-sm text-slate-600">
            {state.from ? 'Scan or type an ISBN: each one counts a copy here.' : 'Scan the source location first.'}
          </p>
        ) : (
          <ul aria-label="Books to move" className="flex flex-col gap-2">
            {state.lines.map((line) => (
              <LineRow
                key={line.book._id}
                line={line}
                from={state.from}
                busy={busy}
                onCount={(count) => dispatch({ type: 'count', bookId: line.book._id, count })}
              />
            ))}
          </ul>
        )}
        <ScanSessionActions
          commitLabel={
            busy
              ? 'Moving…'
              : state.to && state.from
                ? `${online ? 'Move' : 'Queue move of'} ${copies(total)} from ${state.from.code} to ${state.to.code}`
                : 'Move'
          }
          canCommit={phase === 'review'}
          onCommit={onCommit}
          scanned={state.steps.length > 0}
          onStartOver={() => {
            dispatch({ type: 'clear' });
            setNotice(undefined);
            setRefusal(undefined);
          }}
          busy={busy}
        />
      </section>
    </div>
  );
}

/** The move screen, started at the location `fromId` names (a location page's 'Move from') once it has loaded. */
export function MoveScreen({ findBook, fromId }: { findBook: (isbn: string) => Promise<Book | null>; fromId?: string }) {
  const source = useLocationDetail(fromId ?? '', fromId !== undefined);
  if (fromId && source.isPending) return <Spinner label="Loading the location" className="min-h-64" />;
  return <MoveSession key={source.data?._id} findBook={findBook} from={source.data} />;
}
