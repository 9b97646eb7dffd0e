import { useEffect, useSyncExternalStore } from 'react';
import { ApiError } from '../api-client';
import { newKey } from '../idempotency-key';
import { refreshIdToken } from '../lazy-auth';
import { apiRequest } from '../api-client';
import { refreshCatalogue, catalogueAge } from './catalogue';
import type { Intent, IntentCall } from './intent';
import { intentStore } from './indexed-db';
import { enqueue, replay, requeue, type NewIntent, type SendOutcome } from './replay';

/** What the always visible status shows (features/offline): the network, the queue of this account, the last sync. */
export interface OfflineState {
  online: boolean;
  /** Intents of the signed-in account waiting for the server. */
  waiting: number;
  /** The account's intents waiting, in order: a count screen adds its own observations to the figures shown. */
  queued: Intent[];
  /** Intents the server refused, with its reasons: shown until the clerk retries, changes or drops them. */
  attention: Intent[];
  syncing: boolean;
  lastSync?: Date;
  /** Why the last replay stopped early (no network, a server error). */
  stoppedBy?: string;
  catalogueAt?: Date;
}

/** A failure that may pass: no answer, the server or database briefly away, a rate limit, the key's first use still running. */
const TRANSIENT = new Set([0, 401, 408, 429, 500, 502, 503, 504]);

/**
 * A commit that met a dead spot: the browser says online but no answer came (fetch rejected: status 0) or a proxy answered
 * 502, 503 or 504 for a server it could not reach. The screens queue such a change under the key it was sent with.
 */
export const isDeadSpot = (error: unknown) => error instanceof ApiError && [0, 502, 503, 504].includes(error.status);

/** What a screen says of a change it queued after a dead spot. */
export const savedOnPhone = 'Saved on this phone; it will be sent when the network is back';

/** One intent sent with its own key; the answer itself is not needed (the screens refresh their reads). */
async function send(intent: Intent): Promise<SendOutcome> {
  try {
    const options = { method: 'POST', body: intent.body, idempotencyKey: intent.idempotencyKey } as const;
    if (intent.kind === 'observation') await apiRequest(intent.path, { ...options, schema: (s) => s.CountObservationResultSchema });
    else if (intent.kind === 'receipt') await apiRequest(intent.path, { ...options, schema: (s) => s.ReceiptResultSchema });
    else await apiRequest(intent.path, { ...options, schema: (s) => s.StockMovementsResultSchema });
    return { outcome: 'accepted' };
  } catch (error) {
    if (!(error instanceof ApiError)) return { outcome: 'unreachable', reason: (error as Error).message };
    if (TRANSIENT.has(error.status) || error.code === 'idempotency_key_in_flight') return { outcome: 'unreachable', reason: error.message };
    const named = Object.values(error.fields).filter((text) => !error.message.includes(text));
    return { outcome: 'refused', reason: [error.message, ...named].join(' ') };
  }
}

const lastSyncKey = (uid: string) => `book-warehouse.last-sync.${uid}`;

function readLastSync(uid: string): Date | undefined {
  try {
    const at = localStorage.getItem(lastSyncKey(uid));
    return at ? new Date(at) : undefined;
  } catch {
    return undefined;
  }
}

let state: OfflineState = {
  online: typeof navigator === 'undefined' || navigator.onLine,
  waiting: 0,
  queued: [],
  attention: [],
  syncing: false,
};
let account: { uid: string; canQueue: boolean } | undefined;
let running: Promise<void> | undefined;
const listeners = new Set<() => void>();

function update(change: Partial<OfflineState>) {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

/** Reads the account's queue from the store into the status. */
async function reload() {
  const all = await intentStore.all().catch(() => []);
  const mine = account ? all.filter((intent) => intent.accountUid === account!.uid) : [];
  const queued = mine.filter((intent) => intent.state === 'queued');
  update({
    waiting: queued.length,
    queued,
    attention: mine.filter((intent) => intent.state === 'needs-attention'),
    catalogueAt: await catalogueAge().catch(() => undefined),
  });
}

/**
 * A catalogue copy younger than this is kept when the app starts or a change is sent: reading it again costs up to 51
 * reads. The network's return and 'Sync now' always read it again.
 */
const CATALOGUE_FRESH_MS = 5 * 60_000;

/**
 * Whether this page has shown a floor screen (scan, batch, move, count, receiving): only those work offline from the
 * catalogue copy, so a page that never shows one never reads it.
 */
let floorShown = false;

/** One replay: the token asked for afresh first, then each intent in order (./replay.ts); then the catalogue copy. */
async function syncOnce(refresh: boolean) {
  const who = account;
  if (!who || !navigator.onLine) return;
  update({ syncing: true });
  try {
    await refreshIdToken();
    const result = await replay(intentStore, who.uid, send);
    update({ stoppedBy: result.stoppedBy });
    if (!result.stoppedBy) {
      const at = new Date();
      try {
        localStorage.setItem(lastSyncKey(who.uid), at.toISOString());
      } catch {
        // Storage turned off: the time shows until the page is closed.
      }
      update({ lastSync: at });
      const copied = await catalogueAge().catch(() => undefined);
      if (floorShown && (refresh || !copied || at.getTime() - copied.getTime() > CATALOGUE_FRESH_MS))
        await refreshCatalogue().catch(() => undefined);
    }
  } catch (error) {
    update({ stoppedBy: (error as Error).message });
  } finally {
    await reload();
    update({ syncing: false });
  }
}

let again = false;
let refreshAgain = false;

/**
 * Sends the queue now, and reads the catalogue copy again when `refresh` (else only when it is old). One replay at a
 * time: asked for while one runs (a change queued meanwhile), another follows it.
 */
export function syncNow({ refresh = false } = {}): Promise<void> {
  refreshAgain ||= refresh;
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      const refreshing = refreshAgain;
      refreshAgain = false;
      await syncOnce(refreshing);
    } while (again);
  })().finally(() => (running = undefined));
  return running;
}

/**
 * The signed-in account (undefined: nobody), whose queue is shown and replayed; `canQueue` is false for a viewer,
 * who queues nothing. A new account is synced at once (a queue left from last time goes as the app starts).
 */
export function setOfflineAccount(uid: string | undefined, canQueue: boolean) {
  const changed = account?.uid !== uid;
  account = uid ? { uid, canQueue } : undefined;
  if (!changed) return;
  update({ lastSync: uid ? readLastSync(uid) : undefined, stoppedBy: undefined });
  void reload().then(() => syncNow());
}

/**
 * Puts a stock change in the queue with the key made now, when the clerk acts (or `idempotencyKey`, the key a commit
 * cut by a dead spot was sent with), and sends it at once when the network is there. Answers the intent; refused for
 * a viewer or with nobody signed in.
 */
export async function queueIntent({
  idempotencyKey = newKey(),
  ...made
}: Omit<NewIntent, 'accountUid'> & { idempotencyKey?: string }): Promise<Intent> {
  if (!account) throw new Error('Sign in to change stock');
  if (!account.canQueue) throw new Error('Your account can view stock but not change it; ask an admin for the staff role');
  const intent = await enqueue(intentStore, { ...made, accountUid: account.uid }, { id: newKey(), key: idempotencyKey, now: new Date() });
  await reload();
  void syncNow();
  return intent;
}

/** A refused intent sent again as it was, or changed (`call`), with a new key (./replay.ts, requeue). */
export async function retryIntent(intent: Intent, call?: IntentCall) {
  await requeue(intentStore, intent, newKey(), call);
  await reload();
  void syncNow();
}

/** A refused intent the clerk gives up: it leaves the queue (the screen asks first). */
export async function dropIntent(intent: Intent) {
  await intentStore.delete(intent.id);
  await reload();
}

/** How many intents of the signed-in account wait or need attention: signing out with any asks first. */
export const pendingCount = () => state.waiting + state.attention.length;

/** The network's comings and goings: back online, the queue goes and the catalogue is read again. */
export function watchNetwork() {
  const onChange = () => {
    update({ online: navigator.onLine });
    if (navigator.onLine) void syncNow({ refresh: true });
  };
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  // The network may have gone (or come back) since this module first looked, before anyone listened.
  if (state.online !== navigator.onLine) onChange();
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useOfflineState = () => useSyncExternalStore(subscribe, () => state);

/** The status, for a floor screen: the first one a page shows has the catalogue copy read, when it has none or an old one. */
export function useFloorScreen(): OfflineState {
  useEffect(() => {
    if (floorShown) return;
    floorShown = true;
    void syncNow();
  }, []);
  return useOfflineState();
}
