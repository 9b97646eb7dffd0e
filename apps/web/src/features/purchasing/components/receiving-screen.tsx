import { RECEIVABLE_STATES, type Location, type PurchaseOrder } from '@book-warehouse/types';
import { useReducer, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { BarcodeReader } from '../../../components/ui/barcode-reader';
import { Button } from '../../../components/ui/button';
import { LocationSelect } from '../../../components/ui/location-fields';
import { notify } from '../../../components/ui/notify';
import { QueryState } from '../../../components/ui/query-state';
import { ScanSessionActions } from '../../../components/ui/scan-session-actions';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { newKey } from '../../../lib/idempotency-key';
import { isDeadSpot, queueIntent, savedOnPhone, useFloorScreen } from '../../../lib/offline/offline-queue';
import { copies } from '../../../lib/scan-book';
import { useReceive } from '../api/change-purchase-order';
import { usePurchaseOrder, usePurchaseOrders } from '../api/get-purchase-orders';
import { formatDay, StateBadge } from '../format';
import {
  commitKeyFor,
  countAt,
  DEFAULT_PLACE,
  emptyReceiving,
  lineOfIsbn,
  receiptOf,
  receivingReducer,
  refusedLines,
  scannedCopies,
  tallyLines,
  type CommitKey,
  type TallyLine,
} from '../receiving-tally';

const RECEIVABLE = RECEIVABLE_STATES.join(',');

/**
 * Receiving a delivery: pick an open order (or scan a book and be offered its open orders), then scan the books
 * against it. `orderId` is the order being received (from the URL); `onOrder` changes it.
 */
export function ReceivingScreen({
  orderId,
  onOrder,
  ...places
}: { orderId?: string; onOrder: (orderId: string | undefined) => void } & Places) {
  if (!orderId) return <OrderPicker onOrder={onOrder} />;
  return <OrderReceiving key={orderId} orderId={orderId} onOrder={onOrder} {...places} />;
}

/**
 * Where copies may go: the locations to choose from, and the location a scanned label names (asked afresh on each
 * scan, not looked up in `locations`, which may still be loading or older than the label).
 */
interface Places {
  locations: readonly Location[] | undefined;
  findLocation: (code: string) => Promise<Location | null>;
}

function OrderPicker({ onOrder }: { onOrder: (orderId: string) => void }) {
  const [isbn, setIsbn] = useState<string>();
  const open = usePurchaseOrders({ state: RECEIVABLE, isbn, sort: 'expectedAt', limit: 50 });
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <BarcodeReader label="Scan a book from the delivery to find its open orders (or type its ISBN)" onCode={setIsbn} focusOnArrival />
        {isbn && (
          <div className="mt-2 flex flex-wrap items-center gap-3 text-sm">
            <span>
              Open orders with ISBN <span className="font-mono">{isbn}</span>
            </span>
            <Button variant="ghost" className="px-2 py-1" onClick={() => setIsbn(undefined)}>
              Show every open order
            </Button>
          </div>
        )}
      </div>
      <QueryState
        query={{ ...open, data: open.data?.items }}
        loading="Loading the open orders"
        empty={isbn ? `No open order has ISBN ${isbn}.` : 'No order is waiting for a delivery: mark a draft as ordered first.'}
      >
        {(orders) => (
          <ul aria-label="Open orders" className="flex flex-col gap-2">
            {orders.map((order) => (
              <li key={order._id}>
                <button
                  type="button"
                  onClick={() => onOrder(order._id)}
                  className="flex w-full flex-col gap-1 rounded-xl bg-white p-4 text-left shadow-sm ring-1 ring-slate-200 hover:ring-amber-500 focus:ring-2 focus:ring-amber-500 focus:outline-none sm:flex-row sm:items-center sm:justify-between"
                >
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-mono font-semibold text-amber-800">{order.number}</span>
                    <span className="break-words">{order.supplierName}</span>
                    <StateBadge state={order.state} />
                  </span>
                  <span className="text-sm text-slate-600">
                    {order.totals.outstanding} outstanding{order.expectedAt ? ` · expected ${formatDay(order.expectedAt)}` : ''}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}

function OrderReceiving({ orderId, onOrder, ...places }: { orderId: string; onOrder: (orderId: string | undefined) => void } & Places) {
  const order = usePurchaseOrder(orderId);
  return (
    <QueryState
      query={order}
      loading="Loading the order"
      errorAction={
        <Button variant="secondary" onClick={() => onOrder(undefined)}>
          Choose another order
        </Button>
      }
    >
      {(found) => <ReceivingSession order={found} onOrder={onOrder} {...places} />}
    </QueryState>
  );
}

const statusText = (line: TallyLine) =>
  line.status === 'over'
    ? `${line.over} over`
    : line.status === 'short'
      ? `${line.left} short`
      : line.status === 'exact'
        ? 'Complete'
        : 'Nothing outstanding';
const statusTone: Record<TallyLine['status'], string> = {
  over: 'ring-2 ring-red-500',
  short: 'ring-1 ring-amber-400',
  exact: 'ring-2 ring-emerald-600',
  done: 'ring-1 ring-slate-200',
};
const statusBadge: Record<TallyLine['status'], string> = {
  over: 'bg-red-100 text-red-900',
  short: 'bg-amber-100 text-amber-900',
  exact: 'bg-emerald-100 text-emerald-900',
  done: 'bg-slate-100 text-slate-800',
};

/** How a place reads on the screen: a location's code, or what the API does without one. */
function placeText(at: string, locations: readonly Location[]): string {
  if (at === DEFAULT_PLACE) return 'the default location';
  return locations.find((location) => location._id === at)?.code ?? at;
}

/**
 * One order being received: each scan of a book on it counts one copy (a typed count for a box) into the current
 * place, Undo takes back the last; the tally shows each line's ordered, received, outstanding and scanned copies,
 * over and short marked, and where they go. The current place is each book's default location until the clerk
 * picks a location or scans a location's label, and stays the last chosen one after a commit. Commit posts one
 * receipt, a line per book and place; its Idempotency-Key is fixed when commit is pressed, so pressing it again
 * after a lost answer never receives twice. A line beyond what is outstanding is refused (409) until the clerk says
 * 'Receive over'.
 */
function ReceivingSession({
  order,
  onOrder,
  locations,
  findLocation,
}: { order: PurchaseOrder; onOrder: (orderId: string | undefined) => void } & Places) {
  const [state, dispatch] = useReducer(receivingReducer, emptyReceiving);
  const [place, setPlace] = useState(DEFAULT_PLACE);
  // The locations scanned labels named, so that their codes show while the list is loading or older than a label.
  const [labelled, setLabelled] = useState<Location[]>([]);
  const known = [...(locations ?? []), ...labelled];
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string }>();
  const [refusal, setRefusal] = useState<{ message: string; lines: ReturnType<typeof refusedLines>; over: boolean }>();
  const commitKey = useRef<CommitKey | undefined>(undefined);
  const field = useRef<HTMLInputElement>(null);
  const receive = useReceive();
  const { online } = useFloorScreen();
  const lines = tallyLines(order, state);
  const total = scannedCopies(state);
  const receivable = (RECEIVABLE_STATES as readonly string[]).includes(order.state);
  const busy = receive.isPending;

  const onIsbn = (isbn: string) => {
    const line = lineOfIsbn(order, isbn);
    if (!line) return setNotice({ tone: 'error', text: `ISBN ${isbn} is not on ${order.number}: put the book aside.` });
    dispatch({ type: 'scan', bookId: line.bookId, at: place });
    const scanned = (lines.find((one) => one.bookId === line.bookId)?.scanned ?? 0) + 1;
    const over = scanned > line.outstanding;
    setNotice({
      tone: over ? 'error' : 'ok',
      text: `${line.bookName}: ${copies(scanned)} of ${line.outstanding} outstanding${over ? ' (over)' : ''}, into ${placeText(place, known)}`,
    });
  };

  const choosePlace = (at: string) => {
    setPlace(at);
    setNotice({ tone: 'ok', text: `The next scans go into ${placeText(at, known)}.` });
  };

  /** A scanned location label switches where the next copies go, as on the move screen. */
  const onLocationCode = async (code: string) => {
    try {
      const location = await findLocation(code);
      if (!location) return setNotice({ tone: 'error', text: `No location or book has the code ${code}.` });
      if (!location.holdsStock)
        return setNotice({ tone: 'error', text: `${location.code} holds no stock: scan one of the locations beneath it.` });
      setLabelled((before) => [...before.filter((one) => one._id !== location._id), location]);
      setPlace(location._id);
      setNotice({ tone: 'ok', text: `The next scans go into ${location.code}.` });
    } catch (error) {
      setNotice({ tone: 'error', text: `Could not look up ${code}: ${(error as Error).message}` });
    }
  };

  const commit = (allowOver: boolean) => {
    const body = receiptOf(order, state, allowOver);
    if (!body) return;
    commitKey.current = commitKeyFor(commitKey.current, body, newKey);
    const { key } = commitKey.current;
    setRefusal(undefined);
    // Offline or at a dead spot, the receipt waits in the offline queue under this commit's key (docs/offline.md); a
    // refusal on replay (over-receipt, the order closed meanwhile) shows under 'Needs attention'.
    const queue = () => {
      const books = body.lines.map((sent) => {
        const line = lines.find((one) => one.bookId === sent.bookId);
        return { bookId: sent.bookId ?? '', name: line?.bookName ?? `ISBN ${sent.isbn}`, stockSeen: line?.outstanding ?? 0 };
      });
      void queueIntent({
        call: { kind: 'receipt', path: `/purchase-orders/${order._id}/receipts`, body },
        precondition: { books },
        summary: `Receive ${copies(total)} against ${order.number}`,
        idempotencyKey: key,
      }).then(
        () => {
          commitKey.current = undefined;
          dispatch({ type: 'clear' });
          setNotice({ tone: 'ok', text: `${savedOnPhone}.` });
          field.current?.focus();
        },
        (error: Error) => setRefusal({ message: error.message, lines: [], over: false }),
      );
    };
    if (!online) return queue();
    receive.mutate(
      { id: order._id, body, idempotencyKey: key },
      {
        onSuccess: ({ order: after }) => {
          commitKey.current = undefined;
          dispatch({ type: 'clear' });
          setNotice(undefined);
          notify.success(
            after.state === 'received'
              ? `Received ${copies(total)}: ${after.number} is received in full`
              : `Received ${copies(total)} against ${after.number}; ${after.totals.outstanding} still outstanding`,
          );
          field.current?.focus();
        },
        onError: (error) => {
          if (isDeadSpot(error)) return queue();
          const fields = error instanceof ApiError ? error.fields : {};
          const refused = refusedLines(body, order, fields);
          setRefusal({
            message: refused.length ? `Nothing was received. ${error.message}` : error.message,
            lines: refused,
            over: !allowOver && error instanceof ApiError && error.status === 409 && refused.length > 0,
          });
        },
      },
    );
  };

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <span className="font-mono text-lg font-bold">{order.number}</span>
        <span className="break-words">{order.supplierName}</span>
        <StateBadge state={order.state} />
        <Link to={paths.dashboard.purchaseOrder(order._id)} className="text-sm font-medium text-amber-800 underline">
          The order
        </Link>
        <Button variant="ghost" className="px-2 py-1" onClick={() => onOrder(undefined)} disabled={busy}>
          Choose another order
        </Button>
      </div>
      {!receivable ? (
        <p role="status" className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
          {order.number} is{' '}
          {order.state === 'draft' ? 'a draft: mark it as ordered before receiving' : `${order.state}: nothing more is expected`}.
        </p>
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:grid-cols-2">
            <div>
              <BarcodeReader
                label="Scan each book (or type its ISBN): every scan is one copy. A location's label switches where they go"
                onCode={onIsbn}
                onOtherCode={(code) => void onLocationCode(code)}
                disabled={busy}
                focusOnArrival
                fieldRef={field}
              />
              <div aria-live="polite" className="mt-2 min-h-6 text-sm">
                {notice && <p className={notice.tone === 'error' ? 'font-medium text-red-700' : 'text-emerald-700'}>{notice.text}</p>}
              </div>
            </div>
            <div className="flex flex-col gap-3">
              {locations && (
                <LocationSelect
                  label="Receive into"
                  none="Each book's default location (else RECEIVING)"
                  locations={locations}
                  value={place}
                  onChange={choosePlace}
                  disabled={busy}
                />
              )}
              <Button variant="secondary" onClick={() => dispatch({ type: 'undo' })} disabled={busy || state.steps.length === 0}>
                Undo the last scan
              </Button>
            </div>
          </div>
          {refusal && (
            <div role="alert" className="flex flex-col gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              <p>{refusal.message}</p>
              {refusal.lines.length > 0 && (
                <ul className="list-disc pl-5">
                  {refusal.lines.map((line) => (
                    <li key={line.index}>
                      {line.bookName}: {line.message}
                    </li>
                  ))}
                </ul>
              )}
              {refusal.over && (
                <div>
                  <Button variant="danger" onClick={() => commit(true)} disabled={busy}>
                    Receive over
                  </Button>
                </div>
              )}
            </div>
          )}
          <ul aria-label={`Lines of ${order.number}`} className="flex flex-col gap-2">
            {lines.map((line) => (
              <TallyRow
                key={line.bookId}
                line={line}
                here={countAt(state, line.bookId, place)}
                placeOf={(at) => placeText(at, known)}
                place={place}
                busy={busy}
                onCount={(count) => dispatch({ type: 'count', bookId: line.bookId, at: place, count })}
                onOne={() => dispatch({ type: 'scan', bookId: line.bookId, at: place })}
              />
            ))}
          </ul>
          <ScanSessionActions
            commitLabel={busy ? 'Receiving…' : total === 0 ? 'Receive' : `Receive ${copies(total)}`}
            canCommit={total > 0}
            onCommit={() => commit(false)}
            scanned={state.steps.length > 0}
            onStartOver={() => {
              dispatch({ type: 'clear' });
              setNotice(undefined);
              setRefusal(undefined);
            }}
            busy={busy}
          />
        </>
      )}
    </div>
  );
}

/**
 * A line of the order with this session's copies: where they go, and a count field and +1 for the current place
 * (`here`: its copies there), so that a box is typed into the place it goes to.
 */
function TallyRow({
  line,
  here,
  place,
  placeOf,
  busy,
  onCount,
  onOne,
}: {
  line: TallyLine;
  here: number;
  place: string;
  placeOf: (at: string) => string;
  busy: boolean;
  onCount: (count: number) => void;
  onOne: () => void;
}) {
  const [typed, setTyped] = useState(String(here));
  // A scan, an undo or another place changed the count: the field shows it.
  const [shown, setShown] = useState(here);
  if (shown !== here) {
    setShown(here);
    setTyped(String(here));
  }
  const commitTyped = () => {
    const n = Number(typed);
    if (typed.trim() !== '' && Number.isInteger(n) && n >= 0) onCount(n);
    else setTyped(String(here));
  };
  const into = placeOf(place);
  return (
    <li className={`flex flex-col gap-2 rounded-lg bg-white p-3 sm:flex-row sm:items-center ${statusTone[line.status]}`}>
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words text-slate-900">{line.bookName}</p>
        <p className="text-sm text-slate-700 tabular-nums">
          Ordered {line.quantity} · received {line.received}
          {line.cancelled > 0 && ` · cancelled ${line.cancelled}`} · outstanding {line.outstanding}
        </p>
        {line.places.length > 0 && (
          <p className="text-sm break-words text-slate-700 tabular-nums">
            Now: {line.places.map(({ at, count }) => `${count} into ${placeOf(at)}`).join(' · ')}
          </p>
        )}
        <span className={`mt-1 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${statusBadge[line.status]}`}>
          {statusText(line)}
        </span>
      </div>
      <div className="flex items-end gap-2">
        <label className="flex min-w-0 flex-col gap-1 text-sm text-slate-700">
          <span className="max-w-32 truncate">Into {into}</span>
          <input
            type="number"
            inputMode="numeric"
            min={0}
            value={typed}
            disabled={busy}
            aria-label={`Copies of ${line.bookName} received now into ${into}`}
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
        <Button variant="secondary" onClick={onOne} disabled={busy} aria-label={`+1 copy of ${line.bookName} into ${into}`}>
          +1
        </Button>
      </div>
    </li>
  );
}
