import { z } from 'zod';
import { BookSchema } from './book';
import { ObjectIdSchema, PageLimitSchema } from './common';

/** The sign-in events a client may record itself (POST /histories). Labels as the spec writes them. */
export const SIGN_IN_TASKS = ['Login', 'Singup', 'Login with google', 'Login with Github'] as const;
export const SignInTaskSchema = z.enum(SIGN_IN_TASKS, 'must be one of: Login, Singup, Login with google, Login with Github');
export type SignInTask = z.infer<typeof SignInTaskSchema>;

/** The header a change of one book answers with the id of the history entry it wrote (its Undo names it). */
export const HISTORY_ID_HEADER = 'X-History-Id';

/**
 * History labels for book changes. 'Deleverd' is the spec's spelling, kept on purpose.
 * The price label fixes the original's defect (docs/rules.md, History labels).
 */
export const historyTask = {
  added: 'Added',
  updated: 'Updated',
  deleted: 'Deleted',
  restocked: (n: number) => `Added ${n} Quantity`,
  delivered: (n: number) => `Deleverd ${n} Quantity`,
  priceUpdated: (n: number) => `Price Updated to ${n}`,
  undo: (task: string) => `Undo: ${task}`,
} as const;

/** A value a change moves a field from or to; null when the field is absent (a new book's, an ISBN removed). */
export const ChangeValueSchema = z.union([z.string(), z.number(), z.null()]);
export type ChangeValue = z.infer<typeof ChangeValueSchema>;

/**
 * One field a book mutation changed, computed by the server in the same transaction. A change of the copies at a
 * location (`stock.<CODE>`) also names the location's id: undo finds it by id, its code may change since.
 */
export const FieldChangeSchema = z.object({
  field: z.string(),
  from: ChangeValueSchema,
  to: ChangeValueSchema,
  locationId: ObjectIdSchema.optional(),
});
export type FieldChange = z.infer<typeof FieldChangeSchema>;

export const HistoryEntrySchema = z.object({
  _id: ObjectIdSchema,
  email: z.string(),
  /** The book name, or the user's display name for sign-in events. */
  bookName: z.string(),
  task: z.string(),
  /** The display time, a local date-time string. */
  time: z.string(),
  /** Server timestamp (ISO 8601) used for ordering, newest first. */
  createdAt: z.string(),
  /** The book the entry is about (hex id); absent on sign-in and role entries. */
  bookId: ObjectIdSchema.optional(),
  /** What the mutation changed, field by field ('Added': every field the new book has, from null). */
  changes: z.array(FieldChangeSchema).optional(),
  /** The book as it was, on a 'Deleted' entry: what an undo brings back. */
  book: BookSchema.optional(),
  /** On an undo entry: the id of the entry it undoes. */
  undoes: ObjectIdSchema.optional(),
  /** Set once the entry has been undone: the id of the undo entry (the only field ever set after the fact). */
  undoneBy: ObjectIdSchema.optional(),
  /** The CSV import that wrote the entry (POST /books/import). */
  importId: z.string().optional(),
  /** The purchase order the entry is about: its state change, or a book's receipt against it (which cannot be undone). */
  purchaseOrderId: ObjectIdSchema.optional(),
  /** The count session whose apply wrote the entry ('Counted'), or whose state changed. */
  countId: ObjectIdSchema.optional(),
  /** On a 'Counted' entry: why the count differed (COUNT_REASONS of count.ts), and the reviewer's note. */
  reason: z.string().optional(),
  note: z.string().optional(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

/** POST /histories/{id}/undo: the new entry and the book as the undo left it (null when it deleted the book). */
export const UndoResultSchema = z.object({ entry: HistoryEntrySchema, book: BookSchema.nullable() });
export type UndoResult = z.infer<typeof UndoResultSchema>;

/** POST /histories. `email` and `time` are accepted as the original sent them; the server replaces both. */
export const NewSignInHistorySchema = z
  .object({
    bookName: z.string().trim().max(200, 'must be at most 200 characters').default(''),
    task: SignInTaskSchema,
    email: z.string().max(320).optional(),
    time: z.string().max(100).optional(),
  })
  .strict();
export type NewSignInHistory = z.input<typeof NewSignInHistorySchema>;

export const ListHistoriesQuerySchema = z
  .object({
    limit: PageLimitSchema,
    skip: z.coerce
      .number('must be a number')
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .max(1_000_000, 'is too large')
      .optional(),
  })
  .strict();
