import { currentIdToken } from './lazy-auth';

/** One server-sent event: its resume id (book and history events have one), its name and its data, parsed from JSON. */
export interface LiveEvent {
  id?: string;
  name: string;
  data: unknown;
}

export interface FollowOptions {
  onEvent: (event: LiveEvent) => void;
  /** Stops following; the connection closes. */
  signal: AbortSignal;
  /** The fetch to use (tests give their own). */
  fetch?: typeof fetch;
  /** The last event already seen (by another tab that held the stream), sent as Last-Event-ID on the first connect. */
  lastEventId?: string;
  /** Told true when a stream opens and false when it drops: screens refresh on their own only while it is down. */
  onStatus?: (open: boolean) => void;
}

const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;
/** The server sends a heartbeat every 15 s: a connection silent for three of them is dead, and is reopened. */
const SILENCE_MS = 45_000;

/** Retry-After in seconds (what this API sends) as milliseconds; 0 when absent or unreadable. */
const retryAfterMs = (res: Response) => Math.max(0, Number(res.headers.get('Retry-After')) * 1000 || 0);

/** Waits `ms`, or less when `signal` aborts. */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    // Aborted already (during the read that just ended): its abort event will not come again.
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/** Splits a text/event-stream into events (the WHATWG parsing rules, as far as this server uses them). */
export function parseEventStream(onEvent: (event: { id?: string; name: string; data: string }) => void) {
  let buffer = '';
  return (text: string) => {
    buffer += text.replace(/\r\n?/g, '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let id: string | undefined;
      let name = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        if (colon === 0) continue; // a comment: the heartbeat
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'id') id = value;
        else if (field === 'event') name = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length) onEvent({ id, name, data: data.join('\n') });
    }
  };
}

/**
 * Follows GET /api/events until `signal` aborts, for the signed-in user. It reads the stream with fetch, not
 * EventSource: EventSource cannot send the Authorization header, and a token in the URL would end up in
 * logs and history. After a drop (a network error, a server that ends the stream, 45 s of silence) it
 * reconnects after 1 s, doubling up to 30 s with some jitter, with a fresh token and the last event's id as
 * Last-Event-ID, so the server replays what was missed (or sends `reset`). A refusal (429 beyond the caps on
 * open streams) waits at least its Retry-After.
 */
export async function followLiveEvents({
  onEvent,
  signal,
  fetch: send = fetch,
  lastEventId: after,
  onStatus,
}: FollowOptions): Promise<void> {
  let lastEventId = after;
  let retryMs = FIRST_RETRY_MS;
  while (!signal.aborted) {
    let notBeforeMs = 0;
    const attempt = new AbortController();
    const stop = () => attempt.abort();
    signal.addEventListener('abort', stop, { once: true });
    let silence: ReturnType<typeof setTimeout> | undefined;
    const heard = () => {
      clearTimeout(silence);
      silence = setTimeout(stop, SILENCE_MS);
    };
    try {
      const token = await currentIdToken();
      if (!token) return; // signed out: the caller follows again after the next sign-in
      heard();
      const res = await send('/api/events', {
        headers: {
          Authorization: `Bearer ${token}`,
          Accept: 'text/event-stream',
          ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}),
        },
        signal: attempt.signal,
      });
      if (res.ok && res.body) {
        retryMs = FIRST_RETRY_MS;
        onStatus?.(true);
        const feed = parseEventStream(({ id, name, data }) => {
          if (id) lastEventId = id;
          onEvent({ ...(id ? { id } : {}), name, data: JSON.parse(data) as unknown });
        });
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        // Whatever stops the attempt (the caller, the silence) also ends a read under way.
        attempt.signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined), { once: true });
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
          heard();
          feed(chunk.value);
        }
      } else {
        notBeforeMs = retryAfterMs(res);
        await res.body?.cancel();
      }
    } catch {
      // A drop, an abort or a bad event: reconnect below (or stop, if asked to).
    } finally {
      clearTimeout(silence);
      signal.removeEventListener('abort', stop);
      onStatus?.(false);
    }
    // The jitter spreads clients dropped or refused together; Retry-After is a floor, never shortened.
    await pause(Math.max(retryMs * (0.75 + Math.random() / 2), notBeforeMs * (1 + Math.random() / 4)), signal);
    retryMs = Math.min(MAX_RETRY_MS, retryMs * 2);
  }
}

/** The name of the lock that elects the tab holding the stream, and of the channel it passes the events on. */
const SHARED = 'book-warehouse-events';
/**
 * The channel's own messages, named as no server event is: the holding tab's stream opened or dropped, and a new
 * tab asking the holder for it.
 */
const STATUS = '#status';
const ASK_STATUS = '#ask-status';

/** The part of the Web Locks API used here (navigator.locks; tests give a fake). */
export interface TabLocks {
  request(name: string, options: { signal: AbortSignal }, hold: () => Promise<void>): Promise<unknown>;
}

/** The part of BroadcastChannel used here (tests give a fake). */
export interface TabChannel {
  postMessage(event: LiveEvent): void;
  onmessage: ((message: MessageEvent<LiveEvent>) => void) | null;
  close(): void;
}

/** The browser's lock and channel, or undefined where either is missing (Web Locks need a secure context). */
function browserTabs(): { locks: TabLocks; channel: TabChannel } | undefined {
  if (typeof navigator === 'undefined' || !('locks' in navigator) || typeof BroadcastChannel === 'undefined') return undefined;
  return { locks: navigator.locks, channel: new BroadcastChannel(SHARED) };
}

interface ShareOptions extends Omit<FollowOptions, 'lastEventId'> {
  /** How the tabs agree; by default the browser's, and where it has none each tab follows a stream of its own. */
  tabs?: { locks: TabLocks; channel: TabChannel };
}

/**
 * followLiveEvents once for all the tabs of this origin, so that a browser holds one stream whatever its tabs
 * (the API caps the streams per account): the tab holding the Web Lock follows the stream and passes each
 * event on through a BroadcastChannel; the others wait for the lock and hand on what they receive. When that
 * tab closes, another takes the lock and reconnects after the last event passed on, so nothing is lost.
 */
export async function shareLiveEvents({ tabs = browserTabs(), ...options }: ShareOptions): Promise<void> {
  if (!tabs) return followLiveEvents(options);
  const { locks, channel } = tabs;
  let lastEventId: string | undefined;
  let holding = false;
  let open = false;
  const deliver = (event: LiveEvent) => {
    if (event.id) lastEventId = event.id;
    options.onEvent(event);
  };
  const status = (now: boolean) => {
    open = now;
    options.onStatus?.(now);
    channel.postMessage({ name: STATUS, data: now });
  };
  channel.onmessage = ({ data }) => {
    if (data.name === STATUS) options.onStatus?.(data.data === true);
    else if (data.name === ASK_STATUS) {
      if (holding) channel.postMessage({ name: STATUS, data: open });
    } else deliver(data);
  };
  channel.postMessage({ name: ASK_STATUS, data: null });
  try {
    await locks.request(SHARED, { signal: options.signal }, async () => {
      holding = true;
      try {
        await followLiveEvents({
          ...options,
          lastEventId,
          onStatus: status,
          onEvent: (event) => {
            deliver(event);
            channel.postMessage(event);
          },
        });
      } finally {
        holding = false;
      }
    });
  } catch {
    // Stopped while another tab held the lock: the request is withdrawn with an AbortError.
  } finally {
    channel.close();
  }
}
