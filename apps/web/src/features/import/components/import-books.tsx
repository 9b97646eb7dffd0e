import { IMPORT_DEFAULT_FIELDS, recogniseFormat, type ImportError as ImportRowError } from '@book-warehouse/types';
import { useQuery } from '@tanstack/react-query';
import Papa from 'papaparse';
import { useId, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyState, QueryError } from '../../../components/ui/query-state';
import { messages } from '../../../config/messages';
import { dryRunImport } from '../api/import-books';
import { isRunning, useRecentImports, useStartImport } from '../api/import-jobs';
import { BOOK_FIELDS, guessMapping, type BookField, type ColumnMapping } from '../columns';
import { formatMapping } from '../formats';
import { checkRows, isOptional, type CheckedRow, type ImportDefaults } from '../validate-rows';
import { ImportColumns } from './import-columns';
import { ImportDefaultsForm } from './import-defaults';
import { ImportJobCard, RecentImports } from './import-jobs';
import { ErrorList } from './import-report';

/** Rows shown in the preview; every row is checked. */
const PREVIEW_ROWS = 10;

interface ChosenFile {
  name: string;
  /** The file as chosen: it is sent as it is. */
  blob: Blob;
  headers: string[];
  rows: Array<Record<string, string>>;
}

/** Reads a CSV file with its header row (papaparse reads the File itself); an unreadable file is said so. */
function readCsv(file: File): Promise<ChosenFile> {
  return new Promise((resolve, reject) => {
    Papa.parse<Record<string, string>>(file, {
      header: true,
      skipEmptyLines: 'greedy',
      complete: (parsed) => {
        const headers = parsed.meta.fields?.filter(Boolean) ?? [];
        if (headers.length === 0) reject(new Error(messages.importUnreadable));
        else resolve({ name: file.name, blob: file, headers, rows: parsed.data });
      },
      error: () => reject(new Error(messages.importUnreadable)),
    });
  });
}

/** The errors of a row: the preview's own check (the shared schema) and the server's dry run, the server's first. */
function rowErrors(row: CheckedRow, server: readonly ImportRowError[]): Record<string, string> {
  const fromServer = Object.fromEntries(server.filter((e) => e.row === row.row).map((e) => [e.field, e.message]));
  return { ...row.errors, ...fromServer };
}

/**
 * The import screen: choose a CSV file, map its columns (guessed from the headers), see the first rows with
 * each row's errors marked in place, the server's dry run, then import: the server runs it as a job, whose progress
 * bar and time left show beside the button, and whose result waits under 'Your imports' if the clerk goes
 * elsewhere meanwhile (docs/decisions/030-imports-left-running.md).
 */
export function ImportBooks() {
  const fileId = useId();
  const [file, setFile] = useState<ChosenFile>();
  const [readError, setReadError] = useState('');
  const [mapping, setMapping] = useState<ColumnMapping>({});
  /** The export recognised by its header ('Goodreads library export'), if any. */
  const [format, setFormat] = useState<string>();
  const [defaults, setDefaults] = useState<ImportDefaults>({});
  const [skipInvalid, setSkipInvalid] = useState(false);
  const start = useStartImport();
  const recent = useRecentImports();
  // The job started here: the list's copy as it is polled, else the answer of its start.
  const started = start.data && (recent.data?.find((job) => job._id === start.data._id) ?? start.data);
  const running = start.isPending || (started !== undefined && isRunning(started));

  const checked = useMemo(() => (file ? checkRows(file.rows, mapping, defaults) : []), [file, mapping, defaults]);
  const dryRun = useQuery({
    queryKey: ['import', 'dry-run', file?.name, file?.blob.size, file?.blob, mapping, defaults],
    queryFn: ({ signal }) => dryRunImport(file!.blob, { mapping, defaults, signal }),
    enabled: file !== undefined && file.rows.length > 0,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const serverErrors = dryRun.data?.summary.errors ?? [];
  const serverErrorCount = dryRun.data?.summary.errorCount ?? 0;
  const badRows = new Set([
    ...checked.filter((r) => Object.keys(r.errors).length > 0).map((r) => r.row),
    ...serverErrors.map((e) => e.row),
  ]);

  const onFile = async (chosen: File | undefined) => {
    start.reset();
    setReadError('');
    setFile(undefined);
    setFormat(undefined);
    setDefaults({});
    if (!chosen) return;
    try {
      const read = await readCsv(chosen);
      const recognised = recogniseFormat(read.headers);
      setMapping(recognised ? formatMapping(recognised, read.headers) : guessMapping(read.headers));
      setFormat(recognised?.name);
      setFile(read);
    } catch (error) {
      setReadError((error as Error).message);
    }
  };

  const onCommit = () => {
    if (file) start.mutate({ csv: file.blob, fileName: file.name, mapping, defaults, skipInvalid });
  };

  // Several columns may fill one field (an ISBN-10 and an ISBN-13 column); the preview shows each field once.
  const mappedFields = BOOK_FIELDS.filter((field) => Object.values(mapping).includes(field));
  // The preview shows the fields a default fills too, so the clerk sees each row as it will be stored.
  const previewFields = BOOK_FIELDS.filter((field) => mappedFields.includes(field) || field in defaults);
  // The required fields some row has no value for: the clerk may set one for the whole file (kept while set).
  const defaultFields = IMPORT_DEFAULT_FIELDS.filter(
    (field) =>
      !isOptional(field) && (field in defaults || !mappedFields.includes(field) || checked.some((r) => r.book[field] === undefined)),
  );
  const preview = checked.slice(0, PREVIEW_ROWS);

  return (
    <div className="flex flex-col gap-6">
      <p className="max-w-prose text-slate-700">{messages.importIntro}</p>
      <RecentImports hidden={started?._id} />
      {!file && <ImportColumns />}
      <div className="flex flex-col gap-1">
        <label htmlFor={fileId} className="text-sm font-medium text-slate-700">
          {messages.importFile}
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => void onFile(event.target.files?.[0])}
          className="max-w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:font-semibold"
        />
        {format && <p className="text-sm font-medium text-emerald-800">{messages.importRecognised(format)}</p>}
        {readError && (
          <p role="alert" className="text-sm text-red-600">
            {readError}
          </p>
        )}
      </div>

      {file && file.rows.length === 0 && <EmptyState>{messages.importEmpty}</EmptyState>}

      {file && file.rows.length > 0 && (
        <>
          <fieldset className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <legend className="px-1 text-sm font-semibold text-slate-800">{messages.importColumns}</legend>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {file.headers.map((header) => (
                <ColumnSelect
                  key={header}
                  header={header}
                  value={mapping[header] ?? ''}
                  onChange={(field) => setMapping((m) => ({ ...m, [header]: field }))}
                />
              ))}
            </div>
          </fieldset>

          {defaultFields.length > 0 && (
            <ImportDefaultsForm key={file.name} fields={defaultFields} defaults={defaults} onApply={setDefaults} />
          )}

          <section aria-labelledby={`${fileId}-preview`} className="flex flex-col gap-2">
            <h2 id={`${fileId}-preview`} className="text-lg font-semibold">
              {messages.importPreview(preview.length, checked.length)}
            </h2>
            <PreviewRows rows={preview} fields={previewFields} serverErrors={serverErrors} />
          </section>

          <section aria-live="polite" className="flex flex-col gap-2">
            {dryRun.isFetching && <p className="text-slate-600">{messages.importChecking}</p>}
            {dryRun.isError && <QueryError error={dryRun.error} />}
            {dryRun.data && (
              <p className="font-medium text-slate-800">
                {messages.importDryRun(dryRun.data.summary.created, dryRun.data.summary.updated, dryRun.data.summary.unchanged)}
              </p>
            )}
            {dryRun.data && dryRun.data.summary.ignoredColumns.length > 0 && (
              <p className="text-slate-700">{messages.importLeftOut(dryRun.data.summary.ignoredColumns)}</p>
            )}
            {badRows.size > 0 && serverErrorCount <= serverErrors.length && (
              <p className="text-red-700">{messages.importRowErrors(badRows.size)}</p>
            )}
            <ErrorList
              errors={serverErrors}
              errorCount={serverErrorCount}
              listed={serverErrors.filter((e) => e.row > PREVIEW_ROWS + 1)}
              className="text-red-700"
            />
          </section>

          <div className="flex flex-wrap items-center gap-4">
            {badRows.size > 0 && (
              <label className="flex items-center gap-2 text-sm text-slate-700">
                <input type="checkbox" checked={skipInvalid} onChange={(event) => setSkipInvalid(event.target.checked)} />
                {messages.importSkipInvalid}
              </label>
            )}
            <Button onClick={onCommit} disabled={running || dryRun.isFetching || (badRows.size > 0 && !skipInvalid)}>
              {running ? messages.importRunning : messages.importCommit}
            </Button>
          </div>
        </>
      )}

      {start.isError && <QueryError error={start.error} />}
      {started && <ImportJobCard job={started} />}
    </div>
  );
}

/** One column's field; several columns may fill one field (the server takes a row's first valid cell). */
function ColumnSelect({ header, value, onChange }: { header: string; value: BookField | ''; onChange: (field: BookField | '') => void }) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="truncate text-sm font-medium text-slate-700" title={header}>
        {header}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as BookField | '')}
        className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900"
      >
        <option value="">{messages.importLeaveOut}</option>
        {BOOK_FIELDS.map((field) => (
          <option key={field} value={field}>
            {field}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The preview rows: a table from 640 px, cards below; a bad cell is marked red with its message in place. */
function PreviewRows({ rows, fields, serverErrors }: { rows: CheckedRow[]; fields: BookField[]; serverErrors: readonly ImportRowError[] }) {
  const withErrors = rows.map((row) => ({ row, errors: rowErrors(row, serverErrors) }));
  const shown = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 sm:block">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-100 text-xs font-semibold text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2">
                Row
              </th>
              {fields.map((field) => (
                <th key={field} scope="col" className="px-3 py-2">
                  {field}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {withErrors.map(({ row, errors }) => (
              <tr
                key={row.row}
                data-row={row.row}
                aria-invalid={Object.keys(errors).length > 0 || undefined}
                className={Object.keys(errors).length > 0 ? 'bg-red-50' : undefined}
              >
                <th scope="row" className="px-3 py-2 font-medium tabular-nums">
                  {row.row}
                </th>
                {fields.map((field) => (
                  <td key={field} className={`max-w-48 px-3 py-2 align-top break-words ${errors[field] ? 'text-red-800' : ''}`}>
                    {shown(row.book[field])}
                    {errors[field] && <span className="block text-xs font-semibold text-red-700">{`${field} ${errors[field]}`}</span>}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-3 sm:hidden" aria-label="Preview rows">
        {withErrors.map(({ row, errors }) => (
          <li
            key={row.row}
            data-row={row.row}
            className={`rounded-xl p-4 shadow-sm ring-1 ${Object.keys(errors).length > 0 ? 'bg-red-50 ring-red-300' : 'bg-white ring-slate-200'}`}
          >
            <p className="font-semibold">Row {row.row}</p>
            <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              {fields.map((field) => (
                <div key={field} className="contents">
                  <dt className="text-slate-500">{field}</dt>
                  <dd className="break-words">
                    {shown(row.book[field])}
                    {errors[field] && <span className="block text-xs font-semibold text-red-700">{`${field} ${errors[field]}`}</span>}
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
