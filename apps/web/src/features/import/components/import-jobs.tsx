import type { ImportJob } from '@book-warehouse/types';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { QueryError } from '../../../components/ui/query-state';
import { messages } from '../../../config/messages';
import { queryRoots } from '../../../lib/query-keys';
import { isRunning, useRecentImports } from '../api/import-jobs';
import { ImportReport } from './import-report';

/** Jobs the list shows: the most recent few. */
const SHOWN = 5;

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** One import: its progress while it waits or runs, its result once it has stopped (docs/decisions/030-imports-left-running.md). */
export function ImportJobCard({ job }: { job: ImportJob }) {
  const name = job.fileName ?? messages.importUnnamed;
  if (job.state === 'queued' || job.state === 'running') {
    const writing = job.state === 'running' && job.startedAt !== null;
    return (
      <div className="flex flex-col gap-1 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200" aria-busy="true">
        <p className="truncate text-sm text-slate-600" title={name}>
          {`${name} · ${when(job.createdAt)}`}
        </p>
        <ProgressBar
          label={job.state === 'queued' ? messages.importQueued : writing ? messages.importWriting : messages.importCheckingFile}
          done={job.processed}
          total={writing ? job.total : null}
          unit="rows"
          perSecond={job.rowsPerSecond}
        />
      </div>
    );
  }
  const summary = job.summary;
  const refused = job.error?.code === 'invalid_rows';
  const headline =
    job.state === 'done' && summary
      ? messages.importDone(summary.created, summary.updated, summary.unchanged)
      : refused
        ? messages.importRefused
        : (job.error?.message ?? messages.importRefused);
  const detail = (
    <p className="truncate text-sm text-slate-600" title={name}>
      {`${name} · ${when(job.createdAt)}`}
    </p>
  );
  if (!summary)
    return (
      <section role="status" className="flex flex-col gap-2 rounded-xl bg-red-50 p-4 ring-1 ring-red-300">
        <p className="font-semibold">{headline}</p>
        {detail}
        {job.processed > 0 && <p>{messages.importStopped(job.processed, job.total)}</p>}
      </section>
    );
  return (
    <ImportReport summary={summary} headline={headline} failed={job.state === 'failed'} fileName={name}>
      {detail}
      {job.state === 'failed' && !refused && <p>{messages.importStopped(job.processed, job.total)}</p>}
    </ImportReport>
  );
}

/**
 * The signed-in clerk's recent imports, found again after any navigation: those running with their progress,
 * the others with their result. `hidden`: the one the screen shows beside its Import button. When one finishes,
 * the books, tiles and history it changed are read again.
 */
export function RecentImports({ hidden }: { hidden?: string }) {
  const headingId = useId();
  const recent = useRecentImports();
  const queryClient = useQueryClient();
  const running = useRef(new Set<string>());

  useEffect(() => {
    const jobs = recent.data ?? [];
    const finished = jobs.some((job) => running.current.has(job._id) && !isRunning(job));
    running.current = new Set(jobs.filter(isRunning).map((job) => job._id));
    if (finished)
      for (const queryKey of [queryRoots.books, queryRoots.stats, queryRoots.histories]) void queryClient.invalidateQueries({ queryKey });
  }, [recent.data, queryClient]);

  if (recent.isError) return <QueryError error={recent.error} />;
  const jobs = (recent.data ?? []).filter((job) => job._id !== hidden).slice(0, SHOWN);
  if (jobs.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {messages.importJobsTitle}
      </h2>
      <p className="text-sm text-slate-600">{messages.importJobsIntro}</p>
      <ul className="flex flex-col gap-3">
        {jobs.map((job) => (
          <li key={job._id}>
            <ImportJobCard job={job} />
          </li>
        ))}
      </ul>
    </section>
  );
}
