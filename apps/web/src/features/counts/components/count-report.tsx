import { useId, useState } from 'react';
import { DownloadProgressBar } from '../../../components/ui/download-progress';
import { ExportButton } from '../../../components/ui/export-button';
import { QueryState } from '../../../components/ui/query-state';
import { useCountReport, useCountSessionReport, useExportCountReport } from '../api/get-count-report';
import { countName } from '../format';
import { AccuracyChart } from './accuracy-chart';
import { CountFiguresView } from './count-figures';

const control = 'min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900';

/** One session's figures (GET /counts/{id}/report). */
export function SessionReport({ countId }: { countId: string }) {
  const report = useCountSessionReport(countId);
  return (
    <QueryState query={report} loading="Loading the session's report" loadingClassName="min-h-32">
      {(figures) => <CountFiguresView figures={figures} label={`Report of ${countName(figures)}`} />}
    </QueryState>
  );
}

/** The applied sessions between two dates: their sum, accuracy across them, and the CSV of every counted line. */
export function CountsReport() {
  const id = useId();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const query = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  const report = useCountReport(query);
  const exportCsv = useExportCountReport();
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-from`} className="text-sm font-medium text-slate-700">
            Applied from
          </label>
          <input id={`${id}-from`} type="date" className={control} value={from} onChange={(event) => setFrom(event.target.value)} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-to`} className="text-sm font-medium text-slate-700">
            to
          </label>
          <input id={`${id}-to`} type="date" className={control} value={to} onChange={(event) => setTo(event.target.value)} />
        </div>
        <ExportButton exporter={exportCsv} input={query} label="Export CSV" busyLabel="Exporting…" className="min-h-11" />
      </div>
      <DownloadProgressBar progress={exportCsv.progress} />
      <QueryState query={report} loading="Loading the count report">
        {(figures) =>
          figures.sessions.length === 0 ? (
            <p className="text-sm text-slate-600">No count was applied in this period.</p>
          ) : (
            <>
              <CountFiguresView figures={figures} label="Every applied session" />
              <AccuracyChart sessions={figures.sessions} />
            </>
          )
        }
      </QueryState>
    </div>
  );
}
