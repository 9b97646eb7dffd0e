import { COUNT_REASONS, type CountDecisions, type CountDetail, type CountLine, type CountReason } from '@book-warehouse/types';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { notify } from '../../../components/ui/notify';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { Spinner } from '../../../components/ui/spinner';
import { stacked } from '../../../components/ui/stacked-table';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useChangeCountState } from '../api/change-count-state';
import { useDecideCountLines } from '../api/decide-count-lines';
import { countName, money, signed, signedMoney, when } from '../format';
import {
  actionLabels,
  allowedActions,
  countOf,
  decisionsBody,
  draftProblem,
  errorsByLine,
  isUncounted,
  matchesFilter,
  needsDecision,
  reasonLabels,
  REVIEW_FILTERS,
  reviewFilterLabels,
  takesReason,
  type DecisionDraft,
  type ReviewFilter,
} from '../review';
import { ApiErrorNotice } from './api-errors';

const control = 'min-h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900';
const head = 'px-3 py-2 text-left';
const headNum = 'px-3 py-2 text-right';
/** Under the sm breakpoint each line is a card: its cells stacked, each named by its data-label (stacked-table.ts). */
const cell = stacked.cell;
const num = `${cell} tabular-nums sm:text-right`;

/** The line's standing in words: what the reviewer must know before deciding. */
function LineFlags({ line }: { line: CountLine }) {
  const flags = [
    line.added && 'Found here',
    isUncounted(line) && 'Uncounted',
    line.needsRecount && 'Needs recount',
    line.recounted !== null && `Recounted by ${line.recountedBy.join(', ')}`,
    line.flagged && `Stock moved since counted (now ${line.current ?? '–'})`,
    line.withinTolerance === false && !line.needsRecount && 'Beyond tolerance',
  ].filter((flag): flag is string => Boolean(flag));
  return (
    <ul className="flex flex-wrap gap-1">
      {flags.map((flag) => (
        <li key={flag} className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
          {flag}
        </li>
      ))}
    </ul>
  );
}

/** The decision controls of one line: what to do, why (when a reason is taken) and a note. */
function DecisionControls({
  line,
  draft,
  onDraft,
  error,
}: {
  line: CountLine;
  draft?: DecisionDraft;
  onDraft: (draft: DecisionDraft | undefined) => void;
  error?: string;
}) {
  const id = useId();
  const shown =
    draft ?? (line.decision ? { action: line.decision.action, reason: line.decision.reason, note: line.decision.note } : undefined);
  const problem = draft && draftProblem(line, draft);
  const name = `${line.bookName} at ${line.code}`;
  return (
    <div className="flex min-w-44 flex-col gap-1">
      <label htmlFor={`${id}-action`} className="sr-only">
        Decision on {name}
      </label>
      <select
        id={`${id}-action`}
        className={control}
        value={shown?.action ?? ''}
        onChange={(event) => onDraft(event.target.value ? { ...shown, action: event.target.value as DecisionDraft['action'] } : undefined)}
      >
        <option value="">{needsDecision(line) ? 'Decide…' : 'No decision needed'}</option>
        {allowedActions(line).map((action) => (
          <option key={action} value={action}>
            {actionLabels[action]}
          </option>
        ))}
      </select>
      {shown && takesReason(line, shown) && (
        <>
          <label htmlFor={`${id}-reason`} className="sr-only">
            Reason for {name}
          </label>
          <select
            id={`${id}-reason`}
            className={control}
            value={shown.reason ?? ''}
            onChange={(event) => onDraft({ ...shown, reason: (event.target.value || undefined) as CountReason | undefined })}
          >
            <option value="">Reason…</option>
            {COUNT_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {reasonLabels[reason]}
              </option>
            ))}
          </select>
        </>
      )}
      {shown?.reason === 'other' && (
        <>
          <label htmlFor={`${id}-note`} className="sr-only">
            Note for {name}
          </label>
          <input
            id={`${id}-note`}
            className={control}
            placeholder="Why?"
            maxLength={500}
            value={shown.note ?? ''}
            onChange={(event) => onDraft({ ...shown, note: event.target.value })}
          />
        </>
      )}
      {line.decision && !draft && (
        <p className="text-xs text-slate-600">
          Decided by {line.decision.by}, {when.format(new Date(line.decision.at))}
        </p>
      )}
      {(problem ?? error) && (
        <p role="alert" className="text-xs font-medium text-red-700">
          {problem ?? error}
        </p>
      )}
    </div>
  );
}

/**
 * The review of a session: each line's expected, counted and variance (units and value), filters, a decision with a
 * reason per line, recount requests (a different clerk recounts on the count screen), then apply or cancel (admins).
 */
export function ReviewScreen({ count, canCount, isAdmin }: { count: CountDetail; canCount: boolean; isAdmin: boolean }) {
  const [filter, setFilter] = useState<ReviewFilter>('all');
  const [drafts, setDrafts] = useState<ReadonlyMap<string, DecisionDraft>>(new Map());
  const [sent, setSent] = useState<CountDecisions>();
  const decide = useDecideCountLines();
  const apply = useChangeCountState(true);
  const cancel = useChangeCountState();
  const confirm = useConfirm();
  const filterId = useId();
  const open = count.state === 'review';
  const lines = count.lines.filter((line) => matchesFilter(line, filter));
  const refusal = decide.error ?? apply.error;
  const lineErrors =
    refusal instanceof ApiError ? errorsByLine(refusal.fields, decide.error ? sent : undefined) : new Map<string, string>();
  const body = decisionsBody(count.lines, drafts);
  const incomplete = count.lines.some((line) => drafts.has(line._id) && draftProblem(line, drafts.get(line._id)!));
  const undecided = count.lines.filter((line) => needsDecision(line) && !line.decision).length;
  const recounts = count.lines.filter((line) => line.needsRecount).length;
  const decisionLabel = count.state === 'applied' ? 'Applied' : 'Decision';

  const setDraft = (lineId: string, draft: DecisionDraft | undefined) =>
    setDrafts((before) => {
      const next = new Map(before);
      if (draft) next.set(lineId, draft);
      else next.delete(lineId);
      return next;
    });

  const save = () => {
    if (!body) return;
    setSent(body);
    decide.mutate(
      { id: count._id, body },
      {
        onSuccess: () => {
          notify.success(`${body.decisions.length} ${body.decisions.length === 1 ? 'decision' : 'decisions'} saved`);
          setDrafts(new Map());
        },
      },
    );
  };

  const leaveUncounted = () => {
    const uncounted = count.lines.filter((line) => isUncounted(line) && !line.decision);
    const leave: DecisionDraft = { action: 'leave' };
    setDrafts((before) => new Map([...before, ...uncounted.map((line) => [line._id, leave] as const)]));
  };

  const onApply = async () => {
    const detail = `Each accepted line's stock becomes its stock now plus the difference counted; lines set to 0 go to 0. This cannot be undone here.`;
    if (!(await confirm(`Apply ${countName(count)}?`, { confirmLabel: 'Apply', detail }))) return;
    apply.mutate({ id: count._id, step: 'apply' }, { onSuccess: () => notify.success(`${countName(count)} applied`) });
  };

  const onCancel = async () => {
    if (
      !(await confirm(`Cancel ${countName(count)}?`, {
        confirmLabel: 'Cancel the count',
        detail: 'No stock changes; the counts stay on record.',
      }))
    )
      return;
    cancel.mutate({ id: count._id, step: 'cancel' }, { onSuccess: () => notify.success(`${countName(count)} cancelled`) });
  };

  return (
    <div className="flex min-w-0 flex-col gap-4">
      {count.state === 'review' && (
        <p className="text-sm text-slate-700">
          {undecided === 0
            ? 'Every line that needs a decision has one.'
            : `${undecided} ${undecided === 1 ? 'line needs' : 'lines need'} a decision before apply.`}{' '}
          {recounts > 0 &&
            `${recounts} beyond the tolerance ${recounts === 1 ? 'needs' : 'need'} a recount by a clerk who did not count ${recounts === 1 ? 'it' : 'them'}.`}
        </p>
      )}
      <div className="flex flex-wrap items-end gap-3 print:hidden">
        <div className="flex flex-col gap-1">
          <label htmlFor={filterId} className="text-sm font-medium text-slate-700">
            Show
          </label>
          <select id={filterId} className={control} value={filter} onChange={(event) => setFilter(event.target.value as ReviewFilter)}>
            {REVIEW_FILTERS.map((f) => (
              <option key={f} value={f}>
                {reviewFilterLabels[f]} ({count.lines.filter((line) => matchesFilter(line, f)).length})
              </option>
            ))}
          </select>
        </div>
        {open && canCount && recounts > 0 && (
          <Link
            to={paths.dashboard.count(count._id, true)}
            className="inline-flex min-h-11 items-center rounded-lg bg-amber-700 px-4 font-semibold text-white"
          >
            Recount {recounts} {recounts === 1 ? 'line' : 'lines'}
          </Link>
        )}
        {open && canCount && count.lines.some((line) => isUncounted(line) && !line.decision) && (
          <Button variant="secondary" className="min-h-11" onClick={leaveUncounted}>
            Leave every uncounted line as is
          </Button>
        )}
      </div>
      <ScrollRegion label={`Lines of ${countName(count)}`} className="relative rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <table className={stacked.table}>
          <caption className="sr-only">Lines of {countName(count)}</caption>
          <thead className={stacked.head}>
            <tr>
              <th scope="col" className={head}>
                Book
              </th>
              <th scope="col" className={head}>
                Location
              </th>
              <th scope="col" className={headNum}>
                Expected
              </th>
              <th scope="col" className={headNum}>
                Counted
              </th>
              <th scope="col" className={headNum}>
                Variance
              </th>
              <th scope="col" className={headNum}>
                Value
              </th>
              <th scope="col" className={head}>
                {decisionLabel}
              </th>
            </tr>
          </thead>
          <tbody className={stacked.body}>
            {lines.map((line) => (
              <tr
                key={line._id}
                aria-label={`${line.bookName} at ${line.code}`}
                className={`${stacked.row} ${lineErrors.has(line._id) ? 'bg-red-50' : ''}`}
              >
                <td className={`${cell} ${stacked.unlabelled} break-words`}>
                  <span className="font-semibold">{line.bookName}</span>
                  <span className="block text-xs text-slate-600">
                    {line.isbn} · {money.format(line.price)}
                  </span>
                  <LineFlags line={line} />
                </td>
                <td data-label="Location" className={cell}>
                  <span className="font-mono font-semibold">{line.code}</span>
                  <span className="text-xs text-slate-600 max-sm:ml-2 sm:block">{line.locationName}</span>
                </td>
                <td data-label="Expected" className={num}>
                  {line.hidden ? 'Hidden' : (line.expected ?? '–')}
                </td>
                <td data-label="Counted" className={num}>
                  {countOf(line) ?? '–'}
                  {line.recounted !== null && <span className="text-xs text-slate-600 max-sm:ml-2 sm:block">first {line.counted}</span>}
                </td>
                <td data-label="Variance" className={`${num} font-semibold`}>
                  {line.variance === null ? '–' : signed(line.variance)}
                </td>
                <td data-label="Value" className={num}>
                  {line.varianceValue === null ? '–' : signedMoney(line.varianceValue)}
                </td>
                <td data-label={decisionLabel} className={`${cell} max-sm:before:mb-1 max-sm:before:block`}>
                  {count.state === 'applied' ? (
                    <span>
                      {line.appliedChange ? signed(line.appliedChange) : 'No change'}
                      {line.decision?.reason && <span className="block text-xs text-slate-600">{reasonLabels[line.decision.reason]}</span>}
                    </span>
                  ) : open && canCount ? (
                    <DecisionControls
                      line={line}
                      draft={drafts.get(line._id)}
                      onDraft={(draft) => setDraft(line._id, draft)}
                      error={lineErrors.get(line._id)}
                    />
                  ) : line.decision ? (
                    actionLabels[line.decision.action]
                  ) : (
                    '–'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {lines.length === 0 && <p className="text-sm text-slate-600">No line matches this filter.</p>}
      <ApiErrorNotice error={refusal ?? cancel.error} />
      {open && (
        <div className="flex flex-wrap items-center gap-3 print:hidden">
          {canCount && (
            <Button className="min-h-11" disabled={!body || incomplete || decide.isPending} onClick={save}>
              {decide.isPending ? 'Saving…' : `Save decisions${body ? ` (${body.decisions.length})` : ''}`}
            </Button>
          )}
          {isAdmin && (
            <Button className="min-h-11" disabled={apply.isPending || drafts.size > 0} onClick={() => void onApply()}>
              {apply.isPending ? 'Applying…' : 'Apply the count'}
            </Button>
          )}
          {isAdmin && (
            <Button variant="danger" className="min-h-11" disabled={apply.isPending || cancel.isPending} onClick={() => void onCancel()}>
              Cancel the count
            </Button>
          )}
          {isAdmin && drafts.size > 0 && <p className="text-sm text-slate-600">Save the decisions before applying.</p>}
        </div>
      )}
      {apply.isPending && <Spinner label={`Applying ${countName(count)}: every line at once, or none`} className="min-h-24" />}
      {isAdmin && !open && count.state !== 'applied' && count.state !== 'cancelled' && (
        <div>
          <Button variant="danger" className="min-h-11" disabled={cancel.isPending} onClick={() => void onCancel()}>
            Cancel the count
          </Button>
        </div>
      )}
    </div>
  );
}
