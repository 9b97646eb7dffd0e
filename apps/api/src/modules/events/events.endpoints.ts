import { LIVE_EVENTS } from '@book-warehouse/types';
import { endpoints } from '../../middleware/endpoint';

/** Live updates for signed-in users (LIVE_EVENTS in packages/types). */
export const EVENTS = endpoints({
  streamEvents: {
    method: 'get',
    path: '/events',
    access: 'signedIn',
    summary: 'Live updates: server-sent events of every change of the books, the history and the counts, made through any API instance',
    ok: {
      status: 200,
      stream: true,
      description:
        `A text/event-stream that stays open. Events: "${LIVE_EVENTS.book}" (data: BookChangeEvent), "${LIVE_EVENTS.history}" ` +
        `(data: HistoryEntry), "${LIVE_EVENTS.count}" (data: CountChangeEvent: a count session changed state, or a line of it ` +
        'was counted or decided; it carries no quantity, read the session again), ' +
        `"${LIVE_EVENTS.reset}" (the changes since Last-Event-ID are no longer known: read everything again). ` +
        'Each book and history event has an id; a client that reconnects sends the last one as Last-Event-ID and receives what it ' +
        'missed. A comment line every 15 s keeps the stream alive; the server ends a stream after 30 minutes and the client ' +
        'reconnects with a fresh token. EventSource cannot send the Authorization header: read it with fetch.',
    },
    errorDescriptions: {
      429:
        'Too many requests from this client address, or too many streams open on this instance: this account already holds ' +
        'EVENT_STREAMS_PER_ACCOUNT (default 5) or the instance EVENT_STREAMS_TOTAL (default 1000). A stream frees its slot as ' +
        'soon as it closes; retry after Retry-After seconds (a browser shares one stream across its tabs)',
    },
  },
});
