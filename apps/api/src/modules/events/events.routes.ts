import { Router, type Response } from 'express';
import type { Authenticate } from '../../middleware/access';
import { route } from '../../middleware/route';
import type { EventsService, LiveEvent } from './events.service';

export interface EventStreamOptions {
  /** A comment line this often keeps proxies from closing an idle stream and tells the client it is alive. */
  heartbeatMs: number;
  /**
   * A stream ends after this long and the client reconnects (with Last-Event-ID, so nothing is lost) with a
   * fresh token: a stream opened with a token does not outlive it by much.
   */
  maxStreamMs: number;
}

const EVENT_STREAM_DEFAULTS: EventStreamOptions = { heartbeatMs: 15_000, maxStreamMs: 30 * 60_000 };
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

/** GET /api/events: server-sent events for signed-in users (LIVE_EVENTS in packages/types). */
export function createEventsRouter(
  service: EventsService,
  auth: Authenticate,
  options: EventStreamOptions = EVENT_STREAM_DEFAULTS,
): Router {
  const router = Router();
  router.get(
    '/events',
    route({ auth }, ({ req, res }) => {
      openStream(res);
      let ended = false;
      const stops: Array<() => void> = [];
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
      stops.push(service.subscribe({ event: (event) => send(frame(event)), close: end }, req.get('last-event-id')));
    }),
  );
  return router;
}
