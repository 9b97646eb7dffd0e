import type { Response, Router } from 'express';
import { AppError } from '../../lib/errors';
import { redactionOf } from '../../lib/redact';
import type { Access } from '../../middleware/access';
import { endpointRouter } from '../../middleware/endpoint';
import { EVENTS } from './events.endpoints';
import type { EventsService, LiveEvent } from './events.service';

/** Each setting defaults to EVENT_STREAM_DEFAULTS' (tests shorten the times and lower the caps). */
export interface EventStreamOptions {
  /** A comment line this often keeps proxies from closing an idle stream and tells the client it is alive. */
  heartbeatMs?: number;
  /**
   * A stream ends after this long and the client reconnects (with Last-Event-ID, so nothing is lost) with a
   * fresh token: a stream opened with a token does not outlive it by much.
   */
  maxStreamMs?: number;
  /**
   * Streams one account may hold open on this instance (EVENT_STREAMS_PER_ACCOUNT): a browser's tabs share one
   * (apps/web/src/lib/live-events.ts), so more means many browsers or a client that leaks streams.
   */
  perAccount?: number;
  /** Streams this instance holds open in all (EVENT_STREAMS_TOTAL): each costs a socket, buffers and a feed listener. */
  total?: number;
}

const EVENT_STREAM_DEFAULTS: Required<EventStreamOptions> = { heartbeatMs: 15_000, maxStreamMs: 30 * 60_000, perAccount: 5, total: 1000 };
/** A slot frees only when some stream closes, so a refused client waits long enough not to knock in a loop. */
const RETRY_AFTER_SECONDS = 30;
/** The delay a client waits before reconnecting, sent as the stream's `retry:` field. */
const RECONNECT_MS = 2000;
/** A client that reads slower than the events come is dropped once this much waits for it; it reconnects and catches up. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

const frame = ({ id, event, data }: LiveEvent) => `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

function openStream(res: Response): void {
  res.status(200).set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    // no-transform: the compression middleware would hold events back to fill its buffer.
    'Cache-Control': 'no-store, no-transform',
    // Proxies such as nginx buffer answers unless told not to.
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders();
  res.write(`retry: ${RECONNECT_MS}\n\n`);
}

/**
 * The streams open on this instance, per account and in all. `take` answers the function that frees the slot,
 * or throws the 429 (with Retry-After) beyond either cap.
 */
function streamSlots({ perAccount, total }: Required<EventStreamOptions>) {
  const byAccount = new Map<string, number>();
  let open = 0;
  const refuse = (res: Response, message: string) => {
    res.set('Retry-After', String(RETRY_AFTER_SECONDS));
    return new AppError('rate_limited', 429, message);
  };
  return {
    take(uid: string, res: Response): () => void {
      const held = byAccount.get(uid) ?? 0;
      if (held >= perAccount)
        throw refuse(res, `This account already has ${perAccount} live-update streams open (the most allowed); close one and try again`);
      if (open >= total) throw refuse(res, 'This server has as many live-update streams open as it can hold; try again later');
      byAccount.set(uid, held + 1);
      open += 1;
      return () => {
        open -= 1;
        const left = (byAccount.get(uid) ?? 1) - 1;
        if (left) byAccount.set(uid, left);
        else byAccount.delete(uid);
      };
    },
  };
}

/** GET /api/events: server-sent events for signed-in users (LIVE_EVENTS in packages/types). */
export function createEventsRouter(service: EventsService, access: Access, settings: EventStreamOptions = {}): Router {
  const options = { ...EVENT_STREAM_DEFAULTS, ...settings };
  const slots = streamSlots(options);
  const { router, mount } = endpointRouter({ access });
  mount(EVENTS.streamEvents, ({ req, res, user }) => {
    const stops: Array<() => void> = [slots.take(user.uid, res)];
    openStream(res);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      for (const stop of stops) stop();
      res.end();
    };
    const send = (text: string) => {
      if (ended) return;
      if (res.writableLength > MAX_BUFFERED_BYTES) end();
      else res.write(text);
    };
    req.on('close', end);
    const heartbeat = setInterval(() => send(': heartbeat\n\n'), options.heartbeatMs);
    const lifetime = setTimeout(end, options.maxStreamMs);
    stops.push(
      () => clearInterval(heartbeat),
      () => clearTimeout(lifetime),
    );
    const redact = redactionOf(res);
    const shown = (event: LiveEvent) => (redact ? { ...event, data: redact(event.data) as LiveEvent['data'] } : event);
    stops.push(service.subscribe({ event: (event) => send(frame(shown(event))), close: end }, req.get('last-event-id')));
    // A client that left while its token was checked had its 'close' before `end` listened: free its slot now.
    if (res.closed) end();
  });
  return router;
}
