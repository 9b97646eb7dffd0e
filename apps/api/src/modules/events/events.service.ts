import { LIVE_EVENTS } from '@book-warehouse/types';
import type { Change, ChangeFeed } from '../../lib/database-changes';

/** One server-sent event: its resume id (absent for a reset), its name and its data. */
export interface LiveEvent {
  id?: string;
  event: (typeof LIVE_EVENTS)[keyof typeof LIVE_EVENTS];
  data: object;
}

export interface LiveEventListener {
  event(event: LiveEvent): void;
  /** The feed is closing (shutdown): end the stream, the client reconnects elsewhere. */
  close(): void;
}

/**
 * How each collection's change reads as an event's data (app.ts passes the books, history and counts repositories'
 * own); undefined for one the clients do not see (the search keys, a history entry removed).
 */
interface ChangeEvents {
  books(change: Change): object | undefined;
  history(change: Change): object | undefined;
  /** A count session's or line's change; undefined for any other collection. */
  counts(change: Change): object | undefined;
}

/** A change as the clients see it; undefined for one they do not (a collection other than the books, histories and counts). */
function toLiveEvent(describe: ChangeEvents, change: Change): LiveEvent | undefined {
  const [event, data] =
    change.collection === 'books'
      ? [LIVE_EVENTS.book, describe.books(change)]
      : change.collection === 'histories'
        ? [LIVE_EVENTS.history, describe.history(change)]
        : [LIVE_EVENTS.count, describe.counts(change)];
  return event && data ? { id: change.token, event, data } : undefined;
}

const RESET: LiveEvent = { event: LIVE_EVENTS.reset, data: {} };

/** The live updates of GET /api/events, from the change feed of books, histories and counts. */
export function createEventsService(changes: ChangeFeed, describe: ChangeEvents) {
  return {
    /**
     * Subscribes to the events from now on, first sending those after `lastEventId` (the backlog a reconnecting client missed),
     * or a reset when they are no longer known. Answers a function that unsubscribes.
     */
    subscribe(listener: LiveEventListener, lastEventId?: string): () => void {
      const deliver = (change: Change) => {
        const live = toLiveEvent(describe, change);
        if (live) listener.event(live);
      };
      // Subscribed and the backlog sent in one turn of the event loop: no change can fall between the two.
      const unsubscribe = changes.subscribe({
        change: deliver,
        reset: () => listener.event(RESET),
        close: () => listener.close(),
      });
      if (lastEventId !== undefined) {
        const missed = changes.since(lastEventId);
        if (missed) missed.forEach(deliver);
        else listener.event(RESET);
      }
      return unsubscribe;
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
