import { z } from 'zod';
import {
  CountCycleSchema,
  CountCycleSettingSchema,
  CountDecisionsSchema,
  CountDetailSchema,
  CountDueQuerySchema,
  CountListQuerySchema,
  CountObservationResultSchema,
  CountReportQuerySchema,
  CountReportSchema,
  CountSessionReportSchema,
  CountSessionSchema,
  IdParamsSchema,
  MAX_COUNT_LINES,
  NewCountObservationSchema,
  NewCountSchema,
} from '@book-warehouse/types';
import { endpoints, EXPORT_HEADERS, PAGE_HEADERS } from '../../middleware/endpoint';

const BLIND =
  'While a blind session is counting, callers other than admins get `expected` (and what reveals it) as null with `hidden: true`.';

/**
 * Counting against the shelf (docs/decisions/027-counting-against-the-shelf.md): staff create, count and review;
 * admins apply or cancel. The paths without an id come first, so that `report`, `due` and `cycles` are no id.
 */
export const COUNTS = endpoints({
  getCountReport: {
    method: 'get',
    path: '/counts/report',
    access: 'signedIn',
    summary: 'The figures of the sessions applied between `from` and `to`, each session and their sum',
    description:
      'Record accuracy is lines within tolerance over lines counted; variances net and absolute, in units and at price, by reason.',
    query: CountReportQuerySchema,
    ok: { status: 200, schema: CountReportSchema, description: 'The report' },
  },
  exportCountReportCsv: {
    method: 'get',
    path: '/counts/report/export.csv',
    access: 'signedIn',
    summary: 'Every counted line of the sessions applied between `from` and `to`, as a CSV download',
    query: CountReportQuerySchema,
    ok: {
      status: 200,
      csv: true,
      headers: EXPORT_HEADERS,
      description: 'One row per line: session, dates, book, location, expected, counted, variance, value, reason',
    },
  },
  listCountCycles: {
    method: 'get',
    path: '/counts/cycles',
    access: 'signedIn',
    summary: 'The locations and categories counted every so many days, and when each is due; `all=false` keeps the due ones',
    query: CountDueQuerySchema,
    ok: { status: 200, schema: z.array(CountCycleSchema), description: 'The cycles, the most overdue first' },
  },
  setCountCycle: {
    method: 'put',
    path: '/counts/cycles',
    access: 'admin',
    idempotent: true,
    summary: 'Say how often a location or a category is counted (`intervalDays`), or stop it (null)',
    body: CountCycleSettingSchema,
    errorDescriptions: { 400: 'A bad field, or a location that does not exist (naming `locationId`)' },
    ok: { status: 200, schema: z.array(CountCycleSchema), description: 'Every cycle, as GET /counts/cycles answers them' },
  },
  createCount: {
    method: 'post',
    path: '/counts',
    access: 'staff',
    idempotent: true,
    summary: 'Create a count session (draft) with a line for each book held at each location in scope',
    description: `At most ${MAX_COUNT_LINES} lines. A cycle's \`scope\` (GET /counts/cycles) is such a body's scope.`,
    body: NewCountSchema,
    errors: [409],
    errorDescriptions: {
      400: 'A bad field, or a location of the scope that does not exist (naming `scope.locationIds`)',
      409: `The scope holds more than ${MAX_COUNT_LINES} lines`,
    },
    ok: { status: 201, schema: CountDetailSchema, description: 'The session with its lines' },
  },
  listCounts: {
    method: 'get',
    path: '/counts',
    access: 'signedIn',
    summary: 'The count sessions, newest first, a page at a time',
    query: CountListQuerySchema,
    ok: { status: 200, schema: z.array(CountSessionSchema), headers: PAGE_HEADERS, description: 'The page' },
  },
  getCount: {
    method: 'get',
    path: '/counts/:id',
    access: 'signedIn',
    summary: 'A session with its lines, by location code then book name',
    description: BLIND,
    params: IdParamsSchema,
    ok: { status: 200, schema: CountDetailSchema, description: 'The session' },
  },
  startCount: {
    method: 'post',
    path: '/counts/:id/start',
    access: 'staff',
    idempotent: true,
    summary: 'Start counting a draft session',
    params: IdParamsSchema,
    errors: [409],
    errorDescriptions: { 409: 'The session is not a draft' },
    ok: { status: 200, schema: CountSessionSchema, description: 'The session, counting' },
  },
  addCountObservation: {
    method: 'post',
    path: '/counts/:id/observations',
    access: 'staff',
    idempotent: true,
    summary: 'Count copies of a book at a location: a scan (delta 1), a correction (negative), a box (`quantity`)',
    description:
      "A line's counted quantity is the sum of its observations; its expected quantity is the location's when it is first " +
      'counted. A book found where the session expected none becomes a new line. `recount: true` (in review) recounts a line ' +
      `beyond the tolerance; it must come from a clerk who did not count it. ${BLIND}`,
    params: IdParamsSchema,
    body: NewCountObservationSchema,
    errors: [409],
    errorDescriptions: {
      400: 'A bad field; an unknown book or location, or one outside the scope (naming it)',
      409: 'The session is not counting (in review: not a recount); the count would go below 0; a recount by a clerk who counted the line, or of a line within tolerance',
    },
    ok: { status: 201, schema: CountObservationResultSchema, description: 'The line as it now stands' },
  },
  reviewCount: {
    method: 'post',
    path: '/counts/:id/review',
    access: 'staff',
    idempotent: true,
    summary: 'Stop counting: the session goes to review and expected quantities show',
    params: IdParamsSchema,
    errors: [409],
    errorDescriptions: { 409: 'The session is not counting' },
    ok: { status: 200, schema: CountDetailSchema, description: 'The session in review' },
  },
  decideCountLines: {
    method: 'post',
    path: '/counts/:id/decisions',
    access: 'staff',
    idempotent: true,
    summary: 'Decide lines in review: accept a count (with a reason when it differs), leave the stock as is, or set it to 0',
    description:
      '`accept` needs a counted line, recounted by a different clerk when beyond the tolerance, and a reason when the variance is ' +
      'not 0; `zero` is for an uncounted line (a reason when copies would go). All decisions or none are stored.',
    params: IdParamsSchema,
    body: CountDecisionsSchema,
    errors: [409],
    errorDescriptions: {
      400: "A bad field, or a line that is not the session's (naming `decisions.<i>.lineId`)",
      409: 'The session is not in review; a decision the line does not allow (naming `decisions.<i>`)',
    },
    ok: { status: 200, schema: CountDetailSchema, description: 'The session with its lines' },
  },
  applyCount: {
    method: 'post',
    path: '/counts/:id/apply',
    access: 'admin',
    idempotent: true,
    summary: "Apply a reviewed session in one transaction: each line's stock becomes current + (counted - expected)",
    description:
      "Every line with a variance or uncounted must be decided. Each changed line writes a 'Counted' history entry (changes per " +
      'location, the reason, the session) and every counted line stamps its book and location as counted.',
    params: IdParamsSchema,
    errors: [409],
    errorDescriptions: {
      409: 'The session is not in review; lines undecided (naming `lines.<lineId>`); a line whose location would go below 0. Nothing is applied.',
    },
    ok: { status: 200, schema: CountDetailSchema, description: 'The applied session' },
  },
  cancelCount: {
    method: 'post',
    path: '/counts/:id/cancel',
    access: 'admin',
    idempotent: true,
    summary: 'Cancel a session that is not applied; the stock is not touched',
    params: IdParamsSchema,
    errors: [409],
    errorDescriptions: { 409: 'The session is applied or cancelled already' },
    ok: { status: 200, schema: CountSessionSchema, description: 'The cancelled session' },
  },
  getCountSessionReport: {
    method: 'get',
    path: '/counts/:id/report',
    access: 'signedIn',
    summary: "One session's figures (as they stand, or as applied)",
    description: BLIND,
    params: IdParamsSchema,
    ok: { status: 200, schema: CountSessionReportSchema, description: 'The report' },
  },
});
