import type { CountAction, CountDecisions, CountLine, CountReason } from '@book-warehouse/types';

/** The review's filters: every line, those that differ, those whose stock moved since counted, uncounted, to recount. */
export const REVIEW_FILTERS = ['all', 'variance', 'flagged', 'uncounted', 'recount'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

export const reviewFilterLabels: Record<ReviewFilter, string> = {
  all: 'All lines',
  variance: 'With variance',
  flagged: 'Flagged',
  uncounted: 'Uncounted',
  recount: 'Needs recount',
};

export const reasonLabels: Record<CountReason, string> = {
  damaged: 'Damaged',
  lost: 'Lost',
  found: 'Found',
  miscounted: 'Miscounted earlier',
  theft: 'Theft',
  other: 'Other (say why)',
};

export const actionLabels: Record<CountAction, string> = { accept: 'Accept the count', leave: 'Leave as is', zero: 'Set to 0' };

/** The figure a decision works with: the recount when there is one. */
export const countOf = (line: CountLine) => line.recounted ?? line.counted;

export const isUncounted = (line: CountLine) => line.counted === null;

export function matchesFilter(line: CountLine, filter: ReviewFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'variance':
      return line.variance !== null && line.variance !== 0;
    case 'flagged':
      return line.flagged;
    case 'uncounted':
      return isUncounted(line);
    case 'recount':
      return line.needsRecount;
  }
}

/** The decisions a line allows (the API's rules): accept once counted and recounted if need be; zero only when uncounted. */
export function allowedActions(line: CountLine): CountAction[] {
  if (isUncounted(line)) return ['leave', 'zero'];
  return line.needsRecount ? ['leave'] : ['accept', 'leave'];
}

/** Whether apply needs a decision on the line: uncounted, or counted with a difference. */
export const needsDecision = (line: CountLine) => isUncounted(line) || (line.variance !== null && line.variance !== 0);

/** A decision the reviewer is still making on a line. */
export interface DecisionDraft {
  action: CountAction;
  reason?: CountReason;
  note?: string;
}

/** Whether the draft's decision takes a reason: an accepted difference, or copies set to 0. */
export const takesReason = (line: CountLine, draft: DecisionDraft) =>
  (draft.action === 'accept' && line.variance !== null && line.variance !== 0) || draft.action === 'zero';

/** What is missing from a draft before it can be sent, in the reviewer's words; undefined when complete. */
export function draftProblem(line: CountLine, draft: DecisionDraft): string | undefined {
  if (!allowedActions(line).includes(draft.action)) return `${actionLabels[draft.action]} is not possible for this line`;
  if (takesReason(line, draft) && !draft.reason) return 'Choose a reason';
  if (draft.reason === 'other' && !draft.note?.trim()) return 'Say why in the note';
  return undefined;
}

/** The body of POST /counts/{id}/decisions for the drafts, in line order; a reason goes only where it is taken. */
export function decisionsBody(lines: readonly CountLine[], drafts: ReadonlyMap<string, DecisionDraft>): CountDecisions | undefined {
  const decisions = lines.flatMap((line) => {
    const draft = drafts.get(line._id);
    if (!draft) return [];
    const reason = takesReason(line, draft) ? draft.reason : undefined;
    const note = draft.note?.trim();
    return [{ lineId: line._id, action: draft.action, ...(reason ? { reason } : {}), ...(note ? { note } : {}) }];
  });
  return decisions.length ? { decisions } : undefined;
}

/**
 * A refusal's fields by line: `decisions.<i>...` of the body sent (the i-th decision) and `lines.<lineId>` of an apply.
 */
export function errorsByLine(fields: Record<string, string>, body?: CountDecisions): Map<string, string> {
  const byLine = new Map<string, string>();
  for (const [field, message] of Object.entries(fields)) {
    const decision = /^decisions\.(\d+)/.exec(field);
    const lineId = decision ? body?.decisions[Number(decision[1])]?.lineId : /^lines\.([^.]+)/.exec(field)?.[1];
    if (lineId) byLine.set(lineId, byLine.has(lineId) ? `${byLine.get(lineId)}; ${message}` : message);
  }
  return byLine;
}
