import { z } from 'zod';
import { IsbnSchema, NUMBER_CEILING } from './book';
import { ObjectIdSchema, PageIndexSchema, shortText } from './common';
import { DEFAULT_LIST_LIMIT, isoDate, LIST_LIMIT } from './lists';

/**
 * Counting against the shelf (docs/decisions/027-counting-against-the-shelf.md): a session moves draft -> counting ->
 * review -> applied, or to cancelled from any state before applied.
 */
export const COUNT_STATES = ['draft', 'counting', 'review', 'applied', 'cancelled'] as const;
export const CountStateSchema = z.enum(COUNT_STATES, `must be one of ${COUNT_STATES.join(', ')}`);
export type CountState = z.infer<typeof CountStateSchema>;

/** Why an accepted variance happened; `other` needs a note. */
export const COUNT_REASONS = ['damaged', 'lost', 'found', 'miscounted', 'theft', 'other'] as const;
export const CountReasonSchema = z.enum(COUNT_REASONS, `must be one of ${COUNT_REASONS.join(', ')}`);
export type CountReason = z.infer<typeof CountReasonSchema>;

/** The most lines a session holds (book x location pairs in scope, those found during the count included). */
export const MAX_COUNT_LINES = 10_000;

/**
 * What a session counts: the locations named and every location beneath them, the books of a category, the books
 * named; each part given narrows the others. At least one part.
 */
export const CountScopeSchema = z
  .object({
    locationIds: z.array(ObjectIdSchema).min(1, 'must name at least one location').max(200, 'must name at most 200').optional(),
    category: shortText(100).optional(),
    bookIds: z
      .array(ObjectIdSchema)
      .min(1, 'must name at least one book')
      .max(MAX_COUNT_LINES, `must name at most ${MAX_COUNT_LINES}`)
      .optional(),
  })
  .strict()
  .refine((scope) => scope.locationIds || scope.category || scope.bookIds, 'must name locationIds, a category or bookIds');
export type CountScope = z.infer<typeof CountScopeSchema>;

/**
 * How far a line's count may differ from its expected quantity and still be accepted without a recount: within
 * `units` copies, or within `percent` of the expected quantity, whichever allows more. Neither: any difference
 * needs a recount.
 */
export const CountToleranceSchema = z
  .object({
    units: z.number('must be a number').int('must be a whole number').min(0, 'must be 0 or more').max(NUMBER_CEILING).optional(),
    percent: z.number('must be a number').min(0, 'must be 0 or more').max(100, 'must be at most 100').optional(),
  })
  .strict();
export type CountTolerance = z.infer<typeof CountToleranceSchema>;

/** POST /counts. */
export const NewCountSchema = z
  .object({
    scope: CountScopeSchema,
    blind: z.boolean('must be true or false').default(false),
    tolerance: CountToleranceSchema.default({}),
    note: shortText(500).optional(),
  })
  .strict();
export type NewCount = z.input<typeof NewCountSchema>;

/** A count session as listed (GET /counts) and at the head of its detail. */
export const CountSessionSchema = z.object({
  _id: ObjectIdSchema,
  /** Numbered from 1 in order of creation: 'Count 12' in the history and on the screens. */
  number: z.number().int().min(1),
  state: CountStateSchema,
  scope: CountScopeSchema,
  blind: z.boolean(),
  tolerance: CountToleranceSchema,
  note: z.string().optional(),
  createdBy: z.string(),
  createdAt: z.string(),
  startedAt: z.string().optional(),
  reviewAt: z.string().optional(),
  appliedAt: z.string().optional(),
  appliedBy: z.string().optional(),
  cancelledAt: z.string().optional(),
  cancelledBy: z.string().optional(),
  lineCount: z.number().int().min(0),
  countedLineCount: z.number().int().min(0).describe('Lines with at least one observation'),
});
export type CountSession = z.infer<typeof CountSessionSchema>;

/** A review decision on one line (POST /counts/{id}/decisions). */
export const COUNT_ACTIONS = ['accept', 'leave', 'zero'] as const;
export const CountActionSchema = z.enum(COUNT_ACTIONS, `must be one of ${COUNT_ACTIONS.join(', ')}`);
export type CountAction = z.infer<typeof CountActionSchema>;

export const CountDecisionSchema = z.object({
  action: CountActionSchema,
  reason: CountReasonSchema.optional(),
  note: z.string().optional(),
  by: z.string(),
  at: z.string(),
});
export type CountDecision = z.infer<typeof CountDecisionSchema>;

/**
 * One book at one location of a session. `expected` is the location's quantity when the line was first counted
 * (null before; also null, with `hidden`, while a blind session counts and the caller is not an admin); `counted`
 * is the sum of its observations (null: uncounted); `recounted` the sum of a different clerk's recount.
 */
export const CountLineSchema = z.object({
  _id: ObjectIdSchema,
  bookId: ObjectIdSchema,
  bookName: z.string(),
  isbn: z.string().optional(),
  locationId: ObjectIdSchema,
  code: z.string(),
  locationName: z.string(),
  price: z.number(),
  /** Found during the count where the session expected no copies. */
  added: z.boolean(),
  hidden: z.boolean().describe('Expected quantities are withheld from this caller (a blind session counting)'),
  expected: z.number().int().min(0).nullable(),
  counted: z.number().int().min(0).nullable(),
  recounted: z.number().int().min(0).nullable(),
  countedBy: z.array(z.string()),
  recountedBy: z.array(z.string()),
  firstCountedAt: z.string().nullable(),
  lastCountedAt: z.string().nullable(),
  /** From review on: the location's quantity now, and the figures the decision works with. */
  current: z.number().int().min(0).nullable(),
  variance: z.number().int().nullable().describe('(recounted ?? counted) - expected; null when uncounted or hidden'),
  varianceValue: z.number().nullable().describe('variance x price, to the cent'),
  withinTolerance: z.boolean().nullable(),
  needsRecount: z.boolean().describe('Beyond the tolerance and not yet recounted by a different clerk'),
  flagged: z.boolean().describe("The location's quantity moved after the line was first counted"),
  decision: CountDecisionSchema.nullable(),
  /** Set once applied: the quantity change written at the location. */
  appliedChange: z.number().int().nullable(),
});
export type CountLine = z.infer<typeof CountLineSchema>;

/** GET /counts/{id}: the session and its lines, by location code then book name. */
export const CountDetailSchema = CountSessionSchema.extend({ lines: z.array(CountLineSchema) });
export type CountDetail = z.infer<typeof CountDetailSchema>;

/**
 * POST /counts/{id}/observations: one scan (`delta` 1), a correction (a negative delta) or a box counted at once
 * (`quantity`, added like a delta), of a book named by id or ISBN at a location. `recount` marks a recount in review.
 */
export const NewCountObservationSchema = z
  .object({
    bookId: ObjectIdSchema.optional(),
    isbn: IsbnSchema.optional(),
    locationId: ObjectIdSchema,
    delta: z
      .number('must be a number')
      .int('must be a whole number')
      .min(-NUMBER_CEILING, 'is too small')
      .max(NUMBER_CEILING, 'is too large')
      .refine((n) => n !== 0, 'must not be 0')
      .optional(),
    quantity: z
      .number('must be a number')
      .int('must be a whole number')
      .min(1, 'must be 1 or more')
      .max(NUMBER_CEILING, 'is too large')
      .optional(),
    recount: z.boolean('must be true or false').default(false),
  })
  .strict()
  .refine((o) => (o.bookId === undefined) !== (o.isbn === undefined), {
    message: 'must name the book by bookId or isbn (one of them)',
    path: ['bookId'],
  })
  .refine((o) => (o.delta === undefined) !== (o.quantity === undefined), {
    message: 'must give delta or quantity (one of them)',
    path: ['delta'],
  });
export type NewCountObservation = z.input<typeof NewCountObservationSchema>;

/** What an observation answers: the line as it now stands (blind rules applied) and the observation's own figure. */
export const CountObservationResultSchema = z.object({
  line: CountLineSchema,
  delta: z.number().int(),
  recount: z.boolean(),
});
export type CountObservationResult = z.infer<typeof CountObservationResultSchema>;

/** POST /counts/{id}/decisions: decisions on several lines at once (a later decision replaces an earlier one). */
export const CountDecisionsSchema = z
  .object({
    decisions: z
      .array(
        z
          .object({
            lineId: ObjectIdSchema,
            action: CountActionSchema,
            reason: CountReasonSchema.optional(),
            note: shortText(500).optional(),
          })
          .strict()
          .refine((d) => d.reason !== 'other' || d.note, { message: 'is required when the reason is other', path: ['note'] }),
      )
      .min(1, 'must hold at least one decision')
      .max(MAX_COUNT_LINES, `must hold at most ${MAX_COUNT_LINES}`),
  })
  .strict();
export type CountDecisions = z.input<typeof CountDecisionsSchema>;

/** GET /counts. */
export const CountListQuerySchema = z
  .object({
    state: CountStateSchema.optional(),
    page: PageIndexSchema,
    limit: z.coerce
      .number('must be a number')
      .int('must be a whole number')
      .min(1, 'must be 1 or more')
      .max(LIST_LIMIT, `must be at most ${LIST_LIMIT}`)
      .default(DEFAULT_LIST_LIMIT),
  })
  .strict();
export type CountListQuery = z.infer<typeof CountListQuerySchema>;

/** Variance figures summed over lines: net (signed) and absolute, in units and in value at price. */
export const CountVarianceSchema = z.object({
  lines: z.number().int().min(0),
  netUnits: z.number().int(),
  absoluteUnits: z.number().int().min(0),
  netValue: z.number(),
  absoluteValue: z.number().min(0),
});
export type CountVariance = z.infer<typeof CountVarianceSchema>;

/**
 * The figures of applied sessions. Record accuracy is lines within tolerance over lines counted (0 to 1; null with
 * no line counted); 0.95 is a common floor, 0.99 best in class.
 */
export const CountFiguresSchema = CountVarianceSchema.extend({
  linesCounted: z.number().int().min(0),
  linesWithinTolerance: z.number().int().min(0),
  accuracy: z.number().min(0).max(1).nullable(),
  byReason: z.array(CountVarianceSchema.extend({ reason: CountReasonSchema })),
});
export type CountFigures = z.infer<typeof CountFiguresSchema>;

/** GET /counts/{id}/report. */
export const CountSessionReportSchema = CountFiguresSchema.extend({
  sessionId: ObjectIdSchema,
  number: z.number().int().min(1),
  state: CountStateSchema,
  appliedAt: z.string().optional(),
});
export type CountSessionReport = z.infer<typeof CountSessionReportSchema>;

/** GET /counts/report: the applied sessions between `from` and `to` (their apply dates), oldest first, and their sum. */
export const CountReportSchema = CountFiguresSchema.extend({ sessions: z.array(CountSessionReportSchema) });
export type CountReport = z.infer<typeof CountReportSchema>;

/** GET /counts/report and its CSV: applied between `from` and `to` (ISO dates or date-times, both optional). */
export const CountReportQuerySchema = z
  .object({
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .strict();
export type CountReportQuery = z.infer<typeof CountReportQuerySchema>;

/** What a cycle applies to: a location (and everything beneath it) or a category. */
export const CountCycleTargetSchema = z.union([
  z.object({ locationId: ObjectIdSchema }).strict(),
  z.object({ category: shortText(100) }).strict(),
]);
export type CountCycleTarget = z.infer<typeof CountCycleTargetSchema>;

/** PUT /counts/cycles: how often a location or category is counted, in days; null stops cycle counting it. */
export const CountCycleSettingSchema = z
  .object({
    locationId: ObjectIdSchema.optional(),
    category: shortText(100).optional(),
    intervalDays: z
      .number('must be a number')
      .int('must be a whole number')
      .min(1, 'must be 1 or more')
      .max(3650, 'must be at most 3650')
      .nullable(),
  })
  .strict()
  .refine((c) => (c.locationId === undefined) !== (c.category === undefined), {
    message: 'must name a locationId or a category (one of them)',
    path: ['locationId'],
  });
export type CountCycleSetting = z.input<typeof CountCycleSettingSchema>;

/**
 * A cycle and when it is due: `lastCountedAt` is the apply date of the latest session that covered it, `dueAt` that
 * plus the interval (null: never counted, due now). `scope` is the body POST /counts takes to count it.
 */
export const CountCycleSchema = z.object({
  locationId: ObjectIdSchema.optional(),
  code: z.string().optional(),
  name: z.string().optional(),
  category: z.string().optional(),
  intervalDays: z.number().int().min(1),
  lastCountedAt: z.string().nullable(),
  dueAt: z.string().nullable(),
  due: z.boolean(),
  scope: CountScopeSchema,
});
export type CountCycle = z.infer<typeof CountCycleSchema>;

/** GET /counts/due: only the due ones, the most overdue first. */
export const CountDueQuerySchema = z.object({ all: z.enum(['true', 'false'], 'must be true or false').optional() }).strict();

/** The history labels of a session's life (entries of kind `other`); a line's stock change is 'Counted'. */
export const countTask = {
  created: (n: number) => `Count ${n} created`,
  started: (n: number) => `Count ${n} started`,
  review: (n: number) => `Count ${n} in review`,
  applied: (n: number) => `Count ${n} applied`,
  cancelled: (n: number) => `Count ${n} cancelled`,
  counted: 'Counted',
} as const;
