import type { ImportError as ImportRowError, ImportSummary } from '@book-warehouse/types';
import Papa from 'papaparse';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { messages } from '../../../config/messages';
import { saveBlob } from '../../../lib/download';

/**
 * The server's errors: `listed` (those not already shown in place), after "the first N of M errors" when the
 * answer names only the first of them.
 */
export function ErrorList({
  errors,
  errorCount,
  listed,
  className,
}: {
  errors: readonly ImportRowError[];
  errorCount: number;
  listed: readonly ImportRowError[];
  className: string;
}) {
  return (
    <>
      {errorCount > errors.length && <p className={className}>{messages.importFirstErrors(errors.length, errorCount)}</p>}
      {listed.length > 0 && (
        <ul className={`list-disc pl-5 text-sm ${className}`}>
          {listed.map((e) => (
            <li key={`${e.row}-${e.field}`}>{`Row ${e.row}, ${e.field}: ${e.message}`}</li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * An import's outcome (`headline`, then what it left out and its errors), and the report to download as CSV (one
 * line per refused row) or JSON (the whole summary).
 */
export function ImportReport({
  summary,
  headline,
  failed,
  fileName,
  children,
}: {
  summary: ImportSummary;
  headline: string;
  failed: boolean;
  fileName: string;
  children?: ReactNode;
}) {
  const base = fileName.replace(/\.csv$/i, '');
  const csv = () =>
    Papa.unparse(
      {
        fields: ['row', 'field', 'message'],
        data: summary.errors.map((e) => [e.row, e.field, e.message]),
      },
      { escapeFormulae: true },
    );
  return (
    <section
      role="status"
      className={`flex flex-col gap-3 rounded-xl p-4 ring-1 ${failed ? 'bg-red-50 ring-red-300' : 'bg-emerald-50 ring-emerald-300'}`}
    >
      <p className="font-semibold">{headline}</p>
      {children}
      {summary.ignoredColumns.length > 0 && <p className="text-slate-700">{messages.importLeftOut(summary.ignoredColumns)}</p>}
      <ErrorList errors={summary.errors} errorCount={summary.errorCount} listed={summary.errors} className="text-red-800" />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => saveBlob(new Blob(['\uFEFF', csv()], { type: 'text/csv' }), `${base}-report.csv`)}>
          {messages.importReportCsv}
        </Button>
        <Button
          variant="secondary"
          onClick={() => saveBlob(new Blob([JSON.stringify(summary, null, 2)], { type: 'application/json' }), `${base}-report.json`)}
        >
          {messages.importReportJson}
        </Button>
      </div>
    </section>
  );
}
