import type { Intent, IntentCall, IntentStore, Precondition } from './intent';

/** The server's word on one intent: applied (or applied before, answered again by its key), refused, or no word at all. */
export type SendOutcome = { outcome: 'accepted' } | { outcome: 'refused'; reason: string } | { outcome: 'unreachable'; reason: string };

export type Send = (intent: Intent) => Promise<SendOutcome>;

export interface ReplayResult {
  accepted: number;
  refused: number;
  /** Why the replay stopped before the end (no network, a server error): the rest stays queued. */
  stoppedBy?: string;
}

/**
 * Sends the account's queued intents in the order they were made, each with its own key. An accepted one leaves the
 * queue; a refused one stays, marked 'needs-attention' with the server's reason, and the next one goes on; no answer
 * stops the replay with this intent still queued, to be sent again with the same key later (never applied twice).
 */
export async function replay(store: IntentStore, accountUid: string, send: Send): Promise<ReplayResult> {
  const result: ReplayResult = { accepted: 0, refused: 0 };
  const queued = (await store.all()).filter((intent) => intent.accountUid === accountUid && intent.state === 'queued');
  for (const intent of queued) {
    const answer = await send(intent);
    if (answer.outcome === 'unreachable') return { ...result, stoppedBy: answer.reason };
    if (answer.outcome === 'accepted') {
      await store.delete(intent.id);
      result.accepted++;
    } else {
      await store.put({ ...intent, state: 'needs-attention', reason: answer.reason });
      result.refused++;
    }
  }
  return result;
}

export interface NewIntent {
  call: IntentCall;
  accountUid: string;
  precondition: Precondition;
  summary: string;
}

/** Adds an intent at the end of the queue, with the key and time of the clerk's action. */
export async function enqueue(store: IntentStore, made: NewIntent, ids: { id: string; key: string; now: Date }): Promise<Intent> {
  const last = (await store.all()).at(-1);
  const intent: Intent = {
    ...made.call,
    id: ids.id,
    accountUid: made.accountUid,
    idempotencyKey: ids.key,
    precondition: made.precondition,
    summary: made.summary,
    createdAt: ids.now.toISOString(),
    seq: (last?.seq ?? 0) + 1,
    state: 'queued',
  };
  await store.put(intent);
  return intent;
}

/**
 * A refused intent queued again, as it was (retry) or with a new call (change). It gets a new key: the server keeps
 * its refusal as the answer of the old one, and a refused intent changed nothing, so nothing is applied twice.
 */
export async function requeue(store: IntentStore, intent: Intent, key: string, call: IntentCall = intent): Promise<void> {
  const { reason: _reason, ...rest } = intent;
  await store.put({ ...rest, ...call, idempotencyKey: key, state: 'queued' });
}
