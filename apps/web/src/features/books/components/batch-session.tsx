import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useReducer, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { BarcodeReader } from '../../../components/ui/barcode-reader';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { LocationSelect, proposedLocationId } from '../../../components/ui/location-fields';
import { notify } from '../../../components/ui/notify';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { catalogueBook } from '../../../lib/offline/catalogue';
import { newKey } from '../../../lib/idempotency-key';
import { isDeadSpot, queueIntent, savedOnPhone, useFloorScreen } from '../../../lib/offline/offline-queue';
import { copies, scanBookInto, type ScanNotice } from '../../../lib/scan-book';
import { bookByIsbnQueryOptions } from '../api/find-book-by-isbn';
import { useCommitMovements } from '../api/commit-movements';
import {
  batchReducer,
  emptyBatch,
  generalRefusals,
  hasRoomFor,
  lineDelta,
  movementsOf,
  stockAfter,
  type BatchLine,
  type BatchMode,
} from '../batch-lines';
import type { Location } from '@book-warehouse/types';
import { IsbnText } from './isbn-text';

const modes: Array<{ mode: BatchMode; label: string; verb: string; done: string }> = [
  { mode: 'receive', label: 'Receive', verb: 'Receive', done: 'Received' },
  { mode: 'deliver', label: 'Deliver', verb: 'Deliver', done: 'Delivered' },
];

/** What the last commit did, line by line, from the server's answer. */
interface Summary {
  done: string;
  lines: Array<{ name: string; delta: number; before: number; after: number }>;
}

/** A lookup's outcome shown under the reader: the book counted, or why nothing was. */
function LineRow({
  line,
  index,
  mode,
  onChange,
  onRemove,
  busy,
  placement,
}: {
  line: BatchLine;
  index: number;
  mode: BatchMode;
  onChange: (by: 1 | -1) => void;
  onRemove: () => void;
  busy: boolean;
  /** The line's own location choice, when the batch receives into each book's own location. */
  placement?: { locations: readonly Location[]; onChoose: (locationId: string) => void };
}) {
  const id = useId();
  const after = stockAfter(mode, line);
  const name = line.book.bookName;
  return (
    <li
      aria-labelledby={`${id}-name`}
      aria-describedby={line.error ? `${id}-error` : undefined}
      className={`flex flex-col gap-2 rounded-lg bg-white p-3 ring-1 sm:flex-row sm:items-center sm:gap-4 ${line.error ? 'ring-2 ring-red-500' : 'ring-slate-200'}`}
    >
      <div className="min-w-0 flex-1">
        <p id={`${id}-name`} className="font-semibold break-words text-slate-900">
          <span className="sr-only">Line {index + 1}: </span>
          {name}
        </p>
        <p className="text-sm text-slate-500">
          {line.book.isbn ? (
            <>
              ISBN <IsbnText isbn={line.book.isbn} />
            </>
          ) : (
            line.book.author
          )}
        </p>
        <p className="text-sm text-slate-700">
          Stock {line.book.stockQuantity} → <span className={after < 0 ? 'font-semibold text-red-600' : 'font-semibold'}>{after}</span>
        </p>
        {placement && (
          <div className="mt-2 max-w-xs">
            <LocationSelect
              label={`Receive ${name} into`}
              hiddenLabel
              locations={placement.locations}
              value={line.locationId ?? proposedLocationId(placement.locations, line.book.defaultLocationId) ?? ''}
              onChange={placement.onChoose}
              disabled={busy}
            />
          </div>
        )}
        {line.error && (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
            {line.error}
          </p>
        )}
      </div>
      <div className="flex items-center gap-2">
        <Button
          variant="secondary"
          aria-label={`One copy fewer of ${name}`}
          onClick={() => onChange(-1)}
          disabled={busy || line.count <= 1}
        >
          −
        </Button>
        <output aria-label={`Copies of ${name}`} className="min-w-10 text-center text-lg font-bold tabular-nums">
          {line.count}
        </output>
        <Button variant="secondary" aria-label={`One copy more of ${name}`} onClick={() => onChange(1)} disabled={busy}>
          +
        </Button>
        <Button variant="ghost" aria-label={`Remove ${name}`} onClick={onRemove} disabled={busy}>
          Remove
        </Button>
      </div>
    </li>
  );
}

/**
 * Opens the location with a scanned code (the page gives the locations feature's), asking `leave` first; answers
 * why it did not open, or nothing.
 */
type OpenCode = (code: string, leave?: (locationCode: string) => Promise<boolean>) => Promise<string | undefined>;

/**
 * A batch session: in Receive or Deliver mode a clerk scans or types one code after another; each finds its
 * book (GET /books?isbn=) and counts one copy on the running list, which the +/- buttons correct. 'Commit'
 * applies every line at once (POST /stock/movements); when the server refuses, nothing was applied, each
 * failing line shows the server's message in place, and the list stays for correction. Given the `locations`,
 * a receive goes into one location for every line (`locationId` starts it there) or each line's own, its book's
 * default location (else RECEIVING) proposed. Given `openCode`, any other code (a location's label) opens that
 * location, after asking when lines are not committed: leaving the page would drop them.
 */
export function BatchSession({
  locations,
  locationId,
  openCode,
}: { locations?: readonly Location[]; locationId?: string; openCode?: OpenCode } = {}) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const commit = useCommitMovements();
  const { online } = useFloorScreen();
  const [state, dispatch] = useReducer(batchReducer, undefined, () => emptyBatch('receive', locationId));
  const placing = state.mode === 'receive' && locations !== undefined;
  const [notice, setNotice] = useState<ScanNotice>();
  const [refusals, setRefusals] = useState<string[]>([]);
  const [summary, setSummary] = useState<Summary>();
  const current = modes.find((m) => m.mode === state.mode)!;
  const total = state.lines.reduce((sum, line) => sum + line.count, 0);
  const busy = commit.isPending;
  /** The lines (from 1) that would take a stock below 0 as last read: Commit waits until they are corrected. */
  const short = state.lines.flatMap((line, index) => (stockAfter(state.mode, line) < 0 ? [index + 1] : []));
  const shortId = useId();
  const bannerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refusals.length > 0) bannerRef.current?.focus();
  }, [refusals]);
  // After a commit the next key is the next code: the field, once the commit no longer holds it disabled.
  const field = useRef<HTMLInputElement>(null);
  const focusFieldWhenFree = useRef(false);
  useEffect(() => {
    if (busy || !focusFieldWhenFree.current) return;
    focusFieldWhenFree.current = false;
    field.current?.focus();
  }, [busy]);

  const onCode = async (isbn: string) => {
    if (busy) return setNotice({ tone: 'error', text: 'Wait until the commit has finished, then scan again.' });
    setNotice(
      await scanBookInto(isbn, {
        name: 'batch',
        lines: state.lines,
        // Without a network, the book and its stock as the catalogue copy last knew them (lib/offline/catalogue.ts).
        find: (scanned) => (online ? queryClient.fetchQuery(bookByIsbnQueryOptions(scanned)) : catalogueBook(scanned)),
        hasRoomFor: (bookId) => hasRoomFor(state, bookId),
        add: (book) => dispatch({ type: 'scanned', book }),
      }),
    );
  };

  const onOtherCode = async (code: string) => {
    if (!openCode) return;
    if (busy) return setNotice({ tone: 'error', text: 'Wait until the commit has finished, then scan again.' });
    const unsaved = state.lines.length;
    const leave =
      unsaved > 0
        ? (place: string) =>
            confirm(`Open location ${place}?`, {
              confirmLabel: 'Open it',
              detail: `The ${unsaved} ${unsaved === 1 ? 'line' : 'lines'} of this batch will be lost: nothing was committed.`,
            })
        : undefined;
    const failure = await openCode(code, leave);
    if (failure) setNotice({ tone: 'error', text: failure });
    field.current?.focus();
  };

  /**
   * Without a network the batch becomes an intent in the offline queue, its key made now (or the key of a commit cut by
   * a dead spot), sent when the network returns (docs/offline.md); a refusal then shows under 'Needs attention'.
   */
  const queue = async (sent: typeof state, deadSpotKey?: string) => {
    const verb = modes.find((m) => m.mode === sent.mode)!.verb;
    const books = sent.lines.length === 1 ? sent.lines[0]!.book.bookName : `${sent.lines.length} books`;
    try {
      await queueIntent({
        call: { kind: 'movements', path: '/stock/movements', body: movementsOf(sent) },
        precondition: {
          books: sent.lines.map((line) => ({ bookId: line.book._id, name: line.book.bookName, stockSeen: line.book.stockQuantity })),
        },
        summary: `${verb} ${copies(total)} of ${books}`,
        idempotencyKey: deadSpotKey,
      });
      setSummary(undefined);
      setNotice(deadSpotKey ? { tone: 'ok', text: `${savedOnPhone}.` } : undefined);
      dispatch({ type: 'clear' });
      field.current?.focus();
      if (!deadSpotKey) notify.success(`Queued: ${verb.toLowerCase()} ${copies(total)} of ${books}. It is sent when the network returns.`);
    } catch (error) {
      notify.error((error as Error).message);
    }
  };

  const onCommit = () => {
    const sent = state;
    if (!online) return void queue(sent);
    setRefusals([]);
    setSummary(undefined);
    const key = newKey();
    commit.mutate(
      { body: movementsOf(sent), key },
      {
        onSuccess: ({ books }) => {
          const lines = sent.lines.map((line, index) => {
            const delta = lineDelta(sent.mode, line.count);
            const after = books[index]?.stockQuantity ?? stockAfter(sent.mode, line);
            return { name: line.book.bookName, delta, before: after - delta, after };
          });
          const done = modes.find((m) => m.mode === sent.mode)!.done;
          setSummary({ done, lines });
          setNotice(undefined);
          dispatch({ type: 'clear' });
          focusFieldWhenFree.current = true;
          notify.success(`${done} ${copies(total)} of ${lines.length} ${lines.length === 1 ? 'book' : 'books'}`);
        },
        // Said once: a refusal of lines is shown beside them, with the banner above the list (which takes the focus, so
        // it is seen and read out); any other failure is a toast.
        onError: (error) => {
          // The browser says online but the request met a dead spot: queued under the key it was sent with.
          if (isDeadSpot(error)) return void queue(sent, key);
          if (!(error instanceof ApiError) || Object.keys(error.fields).length === 0) return notify.error(error.message);
          dispatch({ type: 'refused', fields: error.fields });
          const failing = Object.keys(error.fields).length - generalRefusals(error.fields).length;
          setRefusals([
            ...(failing > 0
              ? [`${failing} ${failing === 1 ? 'line' : 'lines'} cannot be applied: correct or remove them, then commit again.`]
              : []),
            ...generalRefusals(error.fields),
          ]);
        },
      },
    );
  };

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <fieldset className="flex flex-wrap items-center gap-2" disabled={busy}>
        <legend className="sr-only">Mode</legend>
        {modes.map(({ mode, label }) => (
          <label
            key={mode}
            className={`cursor-pointer rounded-lg px-4 py-2 text-sm font-semibold ring-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-amber-500 ${
              state.mode === mode ? 'bg-amber-700 text-white ring-amber-700' : 'bg-white text-slate-800 ring-slate-300'
            }`}
          >
            <input
              type="radio"
              name="batch-mode"
              value={mode}
              checked={state.mode === mode}
              onChange={() => dispatch({ type: 'mode', mode })}
              className="sr-only"
            />
            {label}
          </label>
        ))}
      </fieldset>

      {placing && (
        <div className="max-w-md">
          <LocationSelect
            label="Receive into"
            none="Each book's own location (choose per line)"
            locations={locations}
            value={state.locationId ?? ''}
            onChange={(chosen) => dispatch({ type: 'location', locationId: chosen || undefined })}
            disabled={busy}
          />
        </div>
      )}

      <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <BarcodeReader
          onCode={(isbn) => void onCode(isbn)}
          onOtherCode={openCode && ((code) => void onOtherCode(code))}
          label={`ISBN to ${current.verb.toLowerCase()} (type it, or use a barcode scanner)`}
          disabled={busy}
          focusOnArrival
          fieldRef={field}
        />
        <div aria-live="polite" className="mt-2 min-h-6 text-sm">
          {notice && (
            <p className={notice.tone === 'error' ? 'text-red-700' : 'text-emerald-700'}>
              {notice.text}
              {notice.addIsbn && (
                <>
                  {' '}
                  <Link to={paths.dashboard.addItemWithIsbn(notice.addIsbn)} className="font-semibold text-amber-700 underline">
                    Add it
                  </Link>
                </>
              )}
            </p>
          )}
        </div>
      </div>

      {refusals.length > 0 && (
        <div
          ref={bannerRef}
          tabIndex={-1}
          role="alert"
          className="scroll-mt-20 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          Nothing was applied. {refusals.join(' ')}
        </div>
      )}

      <section aria-labelledby="batch-lines-heading" className="flex flex-col gap-3">
        <h2 id="batch-lines-heading" className="text-lg font-semibold">
          {current.label}: {state.lines.length} {state.lines.length === 1 ? 'book' : 'books'}, {copies(total)}
        </h2>
        {state.lines.length === 0 ? (
          <p className="text-sm text-slate-600">Scan or type an ISBN: each one counts a copy of its book here.</p>
        ) : (
          <ol className="flex flex-col gap-2">
            {state.lines.map((line, index) => (
              <LineRow
                key={line.book._id}
                line={line}
                index={index}
                mode={state.mode}
                busy={busy}
                onChange={(by) => dispatch({ type: 'change', bookId: line.book._id, by })}
                onRemove={() => dispatch({ type: 'remove', bookId: line.book._id })}
                placement={
                  placing && !state.locationId
                    ? { locations, onChoose: (chosen) => dispatch({ type: 'lineLocation', bookId: line.book._id, locationId: chosen }) }
                    : undefined
                }
              />
            ))}
          </ol>
        )}
        {short.length > 0 && (
          <p id={shortId} className="text-sm font-medium text-red-700">
            {short.length === 1 ? `Line ${short[0]} would take its stock` : `Lines ${short.join(', ')} would take their stock`} below 0:
            lower the count or remove the line, then commit.
          </p>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button
            onClick={onCommit}
            disabled={busy || state.lines.length === 0 || short.length > 0}
            aria-describedby={short.length > 0 ? shortId : undefined}
          >
            {busy ? 'Committing…' : `${online ? 'Commit' : 'Queue'}: ${current.verb.toLowerCase()} ${copies(total)}`}
          </Button>
          {busy && (
            <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
              <progress aria-label="Committing the batch" className="h-2 w-24" />
              Applying {state.lines.length} {state.lines.length === 1 ? 'line' : 'lines'} at once…
            </p>
          )}
        </div>
      </section>

      {summary && (
        <section aria-labelledby="batch-summary-heading" className="rounded-xl bg-emerald-50 p-4 ring-1 ring-emerald-200">
          <h2 id="batch-summary-heading" className="font-semibold text-emerald-900">
            Committed: {summary.done.toLowerCase()} {copies(summary.lines.reduce((sum, line) => sum + Math.abs(line.delta), 0))}
          </h2>
          <ul className="mt-2 flex flex-col gap-1 text-sm text-emerald-900">
            {summary.lines.map((line, index) => (
              <li key={index} className="break-words">
                {line.name}: {line.delta > 0 ? `+${line.delta}` : line.delta}, stock {line.before} → {line.after}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
