import type { Router } from 'express';
import { TOTAL_COUNT_HEADER } from '@book-warehouse/types';
import { Answer } from '../../lib/answer';
import { sendCsv } from '../../lib/csv';
import type { Access } from '../../middleware/access';
import { endpointRouter } from '../../middleware/endpoint';
import type { Idempotency } from '../../middleware/idempotency';
import { COUNTS } from './counts.endpoints';
import type { CountExportRow, CountsService } from './counts.service';

const EXPORT_COLUMNS: readonly [keyof CountExportRow, string][] = [
  ['session', 'Count'],
  ['appliedAt', 'Applied'],
  ['book', 'Book'],
  ['isbn', 'ISBN'],
  ['location', 'Location'],
  ['expected', 'Expected'],
  ['counted', 'Counted'],
  ['change', 'Change'],
  ['value', 'Value'],
  ['decision', 'Decision'],
  ['reason', 'Reason'],
  ['note', 'Note'],
];

/** Reads and the paths without an id first: `report`, `cycles` are not ids (counts.endpoints.ts). */
export function createCountsRouter(service: CountsService, access: Access, idempotency: Idempotency): Router {
  const { router, mount } = endpointRouter({ access, idempotency });
  mount(COUNTS.getCountReport, ({ query }) => service.report(query));
  mount(COUNTS.exportCountReportCsv, async ({ query, res }) => {
    const rows = await service.exportRows(query);
    res.set(TOTAL_COUNT_HEADER, String(rows.length));
    return sendCsv<CountExportRow>(
      res,
      { name: 'counts.csv', header: EXPORT_COLUMNS.map(([, title]) => title), row: (row) => EXPORT_COLUMNS.map(([key]) => row[key]) },
      rows,
    );
  });
  mount(COUNTS.listCountCycles, ({ query }) => service.cycles(query.all === 'false'));
  mount(COUNTS.setCountCycle, ({ body }) => service.setCycle(body));
  mount(COUNTS.createCount, ({ user, body }) => service.create(user, body));
  mount(COUNTS.listCounts, async ({ query }) => {
    const { items, total } = await service.list(query);
    return new Answer(items, { [TOTAL_COUNT_HEADER]: String(total) });
  });
  mount(COUNTS.getCount, ({ user, params }) => service.get(params.id, user));
  mount(COUNTS.startCount, ({ user, params }) => service.start(user, params.id));
  mount(COUNTS.addCountObservation, ({ user, params, body }) => service.observe(user, params.id, body));
  mount(COUNTS.reviewCount, ({ user, params }) => service.review(user, params.id));
  mount(COUNTS.decideCountLines, ({ user, params, body }) => service.decide(user, params.id, body));
  mount(COUNTS.applyCount, ({ user, params }) => service.apply(user, params.id));
  mount(COUNTS.cancelCount, ({ user, params }) => service.cancel(user, params.id));
  mount(COUNTS.getCountSessionReport, ({ user, params }) => service.sessionReport(params.id, user));
  return router;
}
