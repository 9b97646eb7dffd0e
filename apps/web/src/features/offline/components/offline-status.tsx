import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { useAuth } from '../../../lib/auth';
import { usePermissions } from '../../../lib/account';
import type { Intent, IntentCall } from '../../../lib/offline/intent';
import { dropIntent, retryIntent, setOfflineAccount, syncNow, useOfflineState, watchNetwork } from '../../../lib/offline/offline-queue';
import { reloadToNewVersion, useNewVersionReady } from '../../../lib/offline/service-worker';

const time = (at: Date) => at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** How old the catalogue copy is, in the clerk's words. */
function age(at: Date, now: Date): string {
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} h ago` : `${Math.floor(hours / 24)} days ago`;
}

/** The amount of each line of an intent, as the clerk sees it (copies, whatever the direction). */
function amounts(intent: Intent): number[] {
  if (intent.kind === 'observation') return [Math.abs(intent.body.quantity ?? intent.body.delta ?? 0)];
  return intent.kind === 'movements'
    ? intent.body.lines.map((line) => Math.abs(line.delta))
    : intent.body.lines.map((line) => line.quantity);
}

/** The intent's call with new amounts, each line keeping its direction: still a delta, never an absolute value. */
function withAmounts(intent: Intent, next: number[]): IntentCall {
  if (intent.kind === 'observation') {
    const { body } = intent;
    const amount = body.quantity !== undefined ? { quantity: next[0]! } : { delta: Math.sign(body.delta ?? 1) * next[0]! };
    return { kind: intent.kind, path: intent.path, body: { ...body, ...amount } };
  }
  if (intent.kind === 'receipt') {
    return {
      kind: intent.kind,
      path: intent.path,
      body: { ...intent.body, lines: intent.body.lines.map((line, i) => ({ ...line, quantity: next[i]! })) },
    };
  }
  if (intent.kind === 'movements') {
    return {
      kind: intent.kind,
      path: intent.path,
      body: { lines: intent.body.lines.map((line, i) => ({ ...line, delta: Math.sign(line.delta) * next[i]! })) },
    };
  }
  return { kind: intent.kind, path: intent.path, body: { lines: intent.body.lines.map((line, i) => ({ ...line, quantity: next[i]! })) } };
}

/** What the precondition's figure is, by kind of intent. */
const seenAs: Record<Intent['kind'], string> = {
  movements: 'in stock',
  transfers: 'in stock',
  observation: 'counted',
  receipt: 'outstanding',
};

/** 'Change': the amounts of a refused intent, edited and sent again with a new key. */
function ChangeForm({ intent, onDone }: { intent: Intent; onDone: () => void }) {
  const [values, setValues] = useState(() => amounts(intent).map(String));
  const id = useId();
  const parsed = values.map(Number);
  const valid = parsed.every((n) => Number.isInteger(n) && n >= 1);
  return (
    <form
      className="mt-2 flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) void retryIntent(intent, withAmounts(intent, parsed)).then(onDone);
      }}
    >
      {intent.precondition.books.map((book, i) => (
        <label key={`${book.bookId}-${i}`} htmlFor={`${id}-${i}`} className="flex flex-wrap items-center gap-2 text-sm">
          Copies of {book.name}
          <input
            id={`${id}-${i}`}
            type="number"
            min={1}
            inputMode="numeric"
            value={values[i] ?? ''}
            onChange={(event) => setValues(values.map((v, j) => (j === i ? event.target.value : v)))}
            className="w-24 rounded-md border border-slate-300 px-2 py-1"
          />
        </label>
      ))}
      <div className="flex gap-2">
        <Button type="submit" disabled={!valid}>
          Send changed
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function AttentionItem({ intent }: { intent: Intent }) {
  const confirm = useConfirm();
  const [changing, setChanging] = useState(false);
  return (
    <li className="rounded-lg bg-white p-3 ring-1 ring-red-200">
      <p className="font-semibold break-words text-slate-900">{intent.summary}</p>
      <p className="text-sm break-words text-red-700">{intent.reason}</p>
      <p className="text-xs text-slate-600">
        Made {new Date(intent.createdAt).toLocaleString()}; {seenAs[intent.kind]} then:{' '}
        {intent.precondition.books.map((book) => `${book.name} ${book.stockSeen}`).join(', ')}
      </p>
      {changing ? (
        <ChangeForm intent={intent} onDone={() => setChanging(false)} />
      ) : (
        <div className="mt-2 flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => void retryIntent(intent)} aria-label={`Retry: ${intent.summary}`}>
            Retry
          </Button>
          <Button variant="secondary" onClick={() => setChanging(true)} aria-label={`Change: ${intent.summary}`}>
            Change
          </Button>
          <Button
            variant="ghost"
            aria-label={`Drop: ${intent.summary}`}
            onClick={() =>
              void confirm('Drop this change?', { confirmLabel: 'Drop it', detail: `${intent.summary} will not be sent.` }).then((ok) => {
                if (ok) void dropIntent(intent);
              })
            }
          >
            Drop
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * The floor app's status, on every dashboard page (docs/offline.md): online or offline, how many changes wait, the
 * last sync and the catalogue copy's age, 'Sync now', the changes the server refused ('Needs attention') and a new
 * version's offer. It also hands the signed-in account to the queue and watches the network.
 */
export function OfflineStatus() {
  const { user } = useAuth();
  const { canChangeStock } = usePermissions();
  const offline = useOfflineState();
  const newVersion = useNewVersionReady();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => watchNetwork(), []);
  useEffect(() => setOfflineAccount(user?.uid, canChangeStock), [user?.uid, canChangeStock]);
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);

  return (
    <section aria-label="Sync status" className="flex flex-col gap-3 print:hidden">
      {newVersion && (
        <div
          role="status"
          className="flex flex-wrap items-center gap-3 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900 ring-1 ring-sky-200"
        >
          A new version is ready
          <Button variant="secondary" onClick={reloadToNewVersion}>
            Reload
          </Button>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg bg-white px-3 py-2 text-sm ring-1 ring-slate-200">
        <p role="status" className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <span className={`font-semibold ${offline.online ? 'text-emerald-700' : 'text-red-700'}`}>
            {offline.online ? 'Online' : 'Offline'}
          </span>
          <span>{offline.waiting === 1 ? '1 change waiting' : `${offline.waiting} changes waiting`}</span>
          <span>{offline.lastSync ? `Last sync ${time(offline.lastSync)}` : 'Not synced yet'}</span>
          {offline.stoppedBy && offline.online && <span className="text-red-700">Sync stopped: {offline.stoppedBy}</span>}
          <span className="text-slate-600">
            {offline.catalogueAt ? `Catalogue copy from ${age(offline.catalogueAt, now)}` : 'No catalogue copy yet'}
          </span>
        </p>
        <Button
          variant="secondary"
          className="ml-auto"
          disabled={!offline.online || offline.syncing}
          onClick={() => void syncNow({ refresh: true })}
        >
          {offline.syncing ? 'Syncing…' : 'Sync now'}
        </Button>
      </div>
      {/* Named by a paragraph, not a heading: the bar sits above the page's own h1. */}
      {offline.attention.length > 0 && (
        <section aria-labelledby="needs-attention-heading" className="rounded-xl bg-red-50 p-3 ring-1 ring-red-200">
          <p id="needs-attention-heading" className="font-semibold text-red-900">
            Needs attention: {offline.attention.length} {offline.attention.length === 1 ? 'change' : 'changes'} the server refused
          </p>
          <ul className="mt-2 flex flex-col gap-2">
            {offline.attention.map((intent) => (
              <AttentionItem key={intent.id} intent={intent} />
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
