import { currentIdToken } from './lazy-auth';

/** One server-sent event: its name and its data, parsed from JSON. */
export interface LiveEvent {
  name: string;
  data: unknown;
}

export interface FollowOptions {
  onEvent: (event: LiveEvent) => void;
  /** Stops following; the connection closes. */
  signal: AbortSignal;
  /** The fetch to use (tests give their own). */
  fetch?: typeof fetch;
}

const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;
/** The server sends a heartbeat every 15 s: a connection silent for three of them is dead, and is reopened. */
const SILENCE_MS = 45_000;

/** Waits `ms`, or less when `signal` aborts. */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
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
 * Last-Event-ID, so the server replays what was missed (or sends `reset`).
 */
export async function followLiveEvents({ onEvent, signal, fetch: send = fetch }: FollowOptions): Promise<void> {
  let lastEventId: string | undefined;
  let retryMs = FIRST_RETRY_MS;
  while (!signal.aborted) {
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
        const feed = parseEventStream(({ id, name, data }) => {
          if (id) lastEventId = id;
          onEvent({ name, data: JSON.parse(data) as unknown });
        });
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        // Whatever stops the attempt (the caller, the silence) also ends a read under way.
        attempt.signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined), { once: true });
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
          heard();
          feed(chunk.value);
        }
      }
    } catch {
      // A drop, an abort or a bad event: reconnect below (or stop, if asked to).
    } finally {
      clearTimeout(silence);
      signal.removeEventListener('abort', stop);
    }
    await pause(retryMs * (0.75 + Math.random() / 2), signal);
    retryMs = Math.min(MAX_RETRY_MS, retryMs * 2);
  }
}
