import { z } from 'zod';
import { BookSchema } from './book';
import { ObjectIdSchema } from './common';
import { CountStateSchema } from './count';
import { HistoryEntrySchema } from './history';

/**
 * GET /api/events: server-sent events for signed-in users, fed by the database's change streams, so a change
 * made through any API instance reaches every open stream. Each event's `id` is a resume point: a client that
 * reconnects sends it as `Last-Event-ID` and receives what it missed, or a `reset` when that is too old.
 */
export const LIVE_EVENTS = {
  /** A book was added, changed or deleted. */
  book: 'book',
  /** A history entry was recorded. */
  history: 'history',
  /** A count session changed state, or one of its lines was counted or decided (read the session again). */
  count: 'count',
  /** The events since Last-Event-ID cannot be replayed: refetch everything shown. */
  reset: 'reset',
} as const;

/** The data of a `book` event: which book, what happened, which fields changed and the book as it is now. */
export const BookChangeEventSchema = z.object({
  id: ObjectIdSchema,
  op: z.enum(['insert', 'update', 'delete']),
  /** The fields the change set or removed (every field for an insert, none for a delete). */
  changed: z.array(z.string()),
  /** The book after the change; absent for a delete (or a book deleted since). */
  book: BookSchema.optional(),
});
export type BookChangeEvent = z.infer<typeof BookChangeEventSchema>;

/** The data of a `history` event: the entry as GET /histories lists it. */
export const HistoryChangeEventSchema = HistoryEntrySchema;

/**
 * The data of a `count` event: which session; its state when it was made or changed state; the line when a line was
 * counted or decided. It carries no quantity, so a blind count's expected figures never travel in it: the client reads the
 * session again, as its caller may see it.
 */
export const CountChangeEventSchema = z.object({
  sessionId: ObjectIdSchema,
  lineId: ObjectIdSchema.optional(),
  state: CountStateSchema.optional(),
});
export type CountChangeEvent = z.infer<typeof CountChangeEventSchema>;
