import type { CountDetail, CountLine, Location } from '@book-warehouse/types';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { BarcodeReader } from '../../../components/ui/barcode-reader';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { notify } from '../../../components/ui/notify';
import { paths } from '../../../config/paths';
import { newKey } from '../../../lib/idempotency-key';
import { isDeadSpot, queueIntent, savedOnPhone, useFloorScreen } from '../../../lib/offline/offline-queue';
import { copies } from '../../../lib/scan-book';
import { useAddObservation } from '../api/add-observation';
import { useChangeCountState } from '../api/change-count-state';
import { countKeys } from '../api/keys';
import { countName } from '../format';
import {
  emptyTally,
  figuresHere,
  observationOf,
  pendingObservations,
  tallyReducer,
  undoable,
  type CountPlace,
  type Scan,
} from '../scan-tally';
import { ApiErrorNotice } from './api-errors';
import { NumberPad } from './number-pad';

const place = (p: Pick<CountPlace, 'code' | 'name'>) => `${p.code} (${p.name})`;
const big = 'min-h-12 px-5 text-base';

/** The figure a clerk sees for a line: what has been counted (the recount in recount mode), never what is expected. */
const countedOf = (line: CountLine, recount: boolean) => (recount ? line.recounted : line.counted);

function ScanRow({ scan, onRetry, onDismiss }: { scan: Scan; onRetry: () => void; onDismiss: () => void }) {
  const what = `${scan.bookName ?? `ISBN ${scan.isbn}`} ${scan.delta > 0 ? '+' : ''}${scan.delta}${scan.undoes ? ' (undo)' : ''}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
      <span className="min-w-0 break-words">{what}</span>
      {scan.status === 'sending' && <span className="text-slate-600">Sending…</span>}
      {scan.status === 'counted' && <span className="font-medium text-emerald-700">Counted</span>}
      {scan.status === 'queued' && <span className="font-medium text-amber-800">Saved on this phone</span>}
      {scan.status === 'failed' && (
        <span className="flex flex-wrap items-center gap-2">
          <span className="text-red-700">{scan.error}</span>
          <Button variant="secondary" onClick={onRetry}>
            Retry
          </Button>
          <Button variant="ghost" onClick={onDismiss}>
            Dismiss
          </Button>
        </span>
      )}
    </li>
  );
}

/**
 * The count screen, for a phone and a scanner: scan a location's label, then books (each scan +1; a number typed on
 * the pad first makes the next scan a box of that many); Undo sends -n for the last scan. Every observation carries
 * the key made when the clerk scanned. `recount`: the session is in review and this clerk recounts the lines beyond
 * tolerance. The screen shows what is counted, never what is expected. Without a network (or at a dead spot) each
 * observation waits in the offline queue under its key, and the figures shown add this phone's unsent ones.
 */
function Counting({
  count,
  recount,
  findPlace,
}: {
  count: CountDetail;
  recount: boolean;
  findPlace: (code: string) => Promise<Location | null>;
}) {
  const [state, dispatch] = useReducer(tallyReducer, emptyTally);
  const [box, setBox] = useState('');
  const [notice, setNotice] = useState<{ tone: 'ok' | 'error'; text: string }>();
  const observe = useAddObservation();
  const review = useChangeCountState();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const field = useRef<HTMLInputElement>(null);
  const inFlight = useRef(new Set<string>());
  const last = undoable(state);
  const { online, queued } = useFloorScreen();
  const queryClient = useQueryClient();
  const pending = state.place ? pendingObservations(queued, count._id, state.place._id, recount) : [];
  const unsentHere = queued.filter((intent) => intent.path === `/counts/${count._id}/observations`).length;

  // Observations of this count leaving the queue were accepted: the session is read again for their figures.
  const unsentBefore = useRef(unsentHere);
  useEffect(() => {
    if (unsentHere < unsentBefore.current) void queryClient.invalidateQueries({ queryKey: countKeys.detail(count._id) });
    unsentBefore.current = unsentHere;
  }, [unsentHere, queryClient, count._id]);

  // Each scan waiting to be sent goes once; a failed one goes again, with its own key, when the clerk retries it.
  // Offline, or the undo of a scan still queued (the queue keeps the order), it joins the offline queue instead.
  useEffect(() => {
    // The scan as an intent of the offline queue, under the key made when the clerk scanned; a refusal on replay
    // shows under 'Needs attention'.
    const queue = (scan: Scan) => {
      const line = count.lines.find(
        (l) => l.locationId === scan.locationId && (scan.bookId ? l.bookId === scan.bookId : l.isbn === scan.isbn),
      );
      const name = scan.bookName ?? line?.bookName ?? `ISBN ${scan.isbn}`;
      const seen = figuresHere(
        count.lines,
        pendingObservations(queued, count._id, scan.locationId, recount),
        scan.locationId,
        recount,
      ).find((row) => row.key === line?._id);
      return queueIntent({
        call: { kind: 'observation', path: `/counts/${count._id}/observations`, body: observationOf(scan, recount) },
        precondition: { books: [{ bookId: scan.bookId ?? '', name, stockSeen: seen?.counted ?? 0 }] },
        summary: `${recount ? 'Recount' : 'Count'} ${scan.delta > 0 ? '+' : ''}${scan.delta} of ${name} in ${countName(count)}`,
        idempotencyKey: scan.key,
      }).then(
        () => {
          dispatch({ type: 'queued', key: scan.key, bookName: line?.bookName });
          setNotice({ tone: 'ok', text: `${name}: ${savedOnPhone}.` });
        },
        (error: Error) => {
          dispatch({ type: 'failed', key: scan.key, error: error.message });
          setNotice({ tone: 'error', text: error.message });
        },
      );
    };
    for (const scan of state.scans) {
      if (scan.status !== 'sending' || inFlight.current.has(scan.key)) continue;
      inFlight.current.add(scan.key);
      const undoesQueued = state.scans.some((done) => done.key === scan.undoes && done.status === 'queued');
      const sent =
        !online || undoesQueued
          ? queue(scan)
          : observe
              .mutateAsync({ id: count._id, key: scan.key, body: observationOf(scan, recount) })
              .then(({ line }) => {
                dispatch({ type: 'counted', key: scan.key, bookId: line.bookId, bookName: line.bookName });
                setNotice({ tone: 'ok', text: `${line.bookName}: ${copies(countedOf(line, recount) ?? 0)} counted at ${line.code}` });
              })
              .catch((error: Error) => {
                if (isDeadSpot(error)) return queue(scan);
                dispatch({ type: 'failed', key: scan.key, error: error.message });
                setNotice({ tone: 'error', text: error.message });
              });
      void sent.finally(() => inFlight.current.delete(scan.key));
    }
  }, [state.scans, observe, count, recount, online, queued]);

  const onPlaceCode = async (code: string) => {
    try {
      const found = await findPlace(code);
      if (!found) return setNotice({ tone: 'error', text: `No location or book has the code ${code}.` });
      if (!found.holdsStock)
        return setNotice({ tone: 'error', text: `${place(found)} holds no stock: scan one of the locations beneath it.` });
      dispatch({ type: 'place', place: { _id: found._id, code: found.code, name: found.name } });
      setNotice({ tone: 'ok', text: `Counting at ${place(found)}` });
    } catch (error) {
      setNotice({ tone: 'error', text: `Could not look up ${code}: ${(error as Error).message}` });
    }
  };

  const onIsbn = (isbn: string) => {
    if (!state.place) return setNotice({ tone: 'error', text: "Scan the location's label first." });
    dispatch({ type: 'scan', key: newKey(), isbn, quantity: box ? Number(box) : undefined });
    setBox('');
  };

  const finish = async () => {
    if (
      !(await confirm(`Stop counting ${countName(count)}?`, {
        confirmLabel: 'Stop counting',
        detail: 'The session goes to review; no more scans are taken.',
      }))
    )
      return;
    review.mutate({ id: count._id, step: 'review' }, { onSuccess: () => void navigate(paths.dashboard.countReview(count._id)) });
  };

  const here = state.place ? figuresHere(count.lines, pending, state.place._id, recount) : [];
  const toRecount = count.lines.filter((line) => line.needsRecount);
  const recent = state.scans
    .filter((scan) => scan.locationId === state.place?._id)
    .slice(-5)
    .reverse();

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{recount ? 'Recounting at' : 'Counting at'}</p>
        <p className="text-xl font-bold break-words text-slate-900">
          {state.place ? place(state.place) : "Scan the location's label first"}
        </p>
        <div className="mt-3">
          <BarcodeReader
            label="Location label or ISBN (type it, or use a barcode scanner)"
            onCode={onIsbn}
            onOtherCode={(code) => void onPlaceCode(code)}
            focusOnArrival
            fieldRef={field}
          />
        </div>
        <div aria-live="polite" className="mt-2 min-h-6 text-base">
          {notice && <p className={notice.tone === 'error' ? 'text-red-700' : 'font-medium text-emerald-700'}>{notice.text}</p>}
        </div>
        <div className="mt-2 flex flex-wrap gap-2">
          <Button
            variant="secondary"
            className={big}
            disabled={!last}
            onClick={() => {
              dispatch({ type: 'undo', key: newKey() });
              field.current?.focus();
            }}
          >
            {last ? `Undo the last scan (${last.bookName ?? last.isbn} ${last.delta > 0 ? '+' : ''}${last.delta})` : 'Undo the last scan'}
          </Button>
        </div>
      </div>
      <details className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200" open={box !== ''}>
        <summary className="cursor-pointer text-base font-semibold">A whole box: type its copies, then scan one book</summary>
        <div className="mt-3 flex flex-col gap-3">
          <p className="text-lg">
            Next scan counts: <output className="font-bold tabular-nums">{box ? copies(Number(box)) : '1 copy'}</output>
          </p>
          <NumberPad value={box} onChange={setBox} />
        </div>
      </details>
      {recent.length > 0 && (
        <section aria-labelledby="recent-heading" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <h2 id="recent-heading" className="text-base font-semibold">
            Your last scans here
          </h2>
          <ul className="divide-y divide-slate-200">
            {recent.map((scan) => (
              <ScanRow
                key={scan.key}
                scan={scan}
                onRetry={() => dispatch({ type: 'retry', key: scan.key })}
                onDismiss={() => dispatch({ type: 'dismiss', key: scan.key })}
              />
            ))}
          </ul>
        </section>
      )}
      {state.place && (
        <section aria-labelledby="here-heading" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <h2 id="here-heading" className="text-base font-semibold">
            {recount ? 'Recounted' : 'Counted'} at {state.place.code}
          </h2>
          {here.length === 0 ? (
            <p className="text-sm text-slate-600">Nothing counted here yet.</p>
          ) : (
            <ul aria-label={`Counted at ${state.place.code}`} className="divide-y divide-slate-200">
              {here.map((row) => (
                <li key={row.key} className="flex items-center justify-between gap-3 py-2">
                  <span className="min-w-0 break-words">
                    {row.name}
                    {row.unsent !== 0 && (
                      <span className="block text-sm text-amber-800">
                        {row.unsent > 0 ? '+' : ''}
                        {row.unsent} saved on this phone
                      </span>
                    )}
                  </span>
                  <span className="text-lg font-bold tabular-nums">{row.counted}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {recount && (
        <section aria-labelledby="torecount-heading" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <h2 id="torecount-heading" className="text-base font-semibold">
            Lines to recount
          </h2>
          {toRecount.length === 0 ? (
            <p className="text-sm text-slate-600">Every line beyond the tolerance has been recounted.</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {toRecount.map((line) => (
                <li key={line._id} className="py-2 break-words">
                  <span className="font-mono font-semibold">{line.code}</span> {line.bookName}
                </li>
              ))}
            </ul>
          )}
          <Link to={paths.dashboard.countReview(count._id)} className="mt-2 inline-block font-medium text-amber-800 underline">
            Back to the review
          </Link>
        </section>
      )}
      {!recount && (
        <div className="flex flex-col gap-2">
          <ApiErrorNotice error={review.error} />
          <div>
            <Button className={big} disabled={review.isPending} onClick={() => void finish()}>
              {review.isPending ? 'Stopping…' : 'Finish counting and review'}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}

/** A session's count screen by state: start a draft, count, recount in review, or say where to go. */
export function CountScreen({
  count,
  recount,
  canCount,
  findPlace,
}: {
  count: CountDetail;
  recount: boolean;
  canCount: boolean;
  findPlace: (code: string) => Promise<Location | null>;
}) {
  const start = useChangeCountState();
  if (!canCount) return <p className="text-slate-700">Only staff count. You can follow the session on its review.</p>;
  if (count.state === 'draft')
    return (
      <div className="flex flex-col items-start gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <p>
          {countName(count)} is a draft with {count.lineCount} lines. Expected quantities are taken as each line is first counted, so the
          warehouse keeps working meanwhile.
        </p>
        <ApiErrorNotice error={start.error} />
        <Button
          className={big}
          disabled={start.isPending}
          onClick={() => start.mutate({ id: count._id, step: 'start' }, { onSuccess: () => notify.success(`${countName(count)} started`) })}
        >
          {start.isPending ? 'Starting…' : 'Start counting'}
        </Button>
      </div>
    );
  if (count.state === 'counting' && !recount) return <Counting count={count} recount={false} findPlace={findPlace} />;
  if (count.state === 'review' && recount) return <Counting count={count} recount findPlace={findPlace} />;
  return (
    <p className="text-slate-700">
      {countName(count)} is {count.state === 'review' ? 'in review' : count.state}.{' '}
      <Link to={paths.dashboard.countReview(count._id)} className="font-medium text-amber-800 underline">
        Open the review
      </Link>
    </p>
  );
}
