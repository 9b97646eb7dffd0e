import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Intent } from './intent';
import { memoryIntentStore } from './memory-store';
import { enqueue, replay, requeue, type Send } from './replay';

/**
 * A server that honours Idempotency-Keys as the API does (docs/rules.md, Idempotent writes): a key answers its first
 * answer again, a refusal included; a batch is all or nothing, never below 0, and a deleted book is a 404.
 */
class FakeServer {
  stock = new Map<string, number>();
  deleted = new Set<string>();
  answers = new Map<string, { ok: true } | { ok: false; reason: string }>();
  /** Each key's applications: an accepted intent's is 1, whatever the flaps. */
  applied = new Map<string, number>();
  up = true;
  /** The next request is applied but its answer lost on the way back (the network cut mid-replay). */
  loseNextAnswer = false;
  /** The tab is closed while the next request is on its way: applied, and the replay never hears of it. */
  closeTabOnNext = false;

  constructor(books: string[]) {
    for (const book of books) this.stock.set(book, 0);
  }

  handle(intent: Intent) {
    const kept = this.answers.get(intent.idempotencyKey);
    if (kept) return kept;
    const lines = intent.kind === 'movements' ? intent.body.lines : [];
    const missing = lines.find((line) => line.bookId && this.deleted.has(line.bookId));
    const short = lines.find((line) => (this.stock.get(line.bookId!) ?? 0) + line.delta < 0);
    const answer = missing
      ? { ok: false as const, reason: `Book ${missing.bookId} not found` }
      : short
        ? { ok: false as const, reason: `Nothing was applied: ${short.bookId} would go below 0` }
        : { ok: true as const };
    if (answer.ok) {
      for (const line of lines) this.stock.set(line.bookId!, this.stock.get(line.bookId!)! + line.delta);
      this.applied.set(intent.idempotencyKey, (this.applied.get(intent.idempotencyKey) ?? 0) + 1);
    }
    this.answers.set(intent.idempotencyKey, answer);
    return answer;
  }

  send: Send = (intent) => {
    if (!this.up) return Promise.resolve({ outcome: 'unreachable', reason: 'offline' });
    const answer = this.handle(intent);
    if (this.closeTabOnNext) {
      this.closeTabOnNext = false;
      return Promise.reject(new Error('the tab was closed'));
    }
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      return Promise.resolve({ outcome: 'unreachable', reason: 'the answer was lost' });
    }
    return Promise.resolve(answer.ok ? { outcome: 'accepted' } : { outcome: 'refused', reason: answer.reason });
  };
}

const BOOKS = ['a', 'b', 'c'];
const UID = 'clerk';

type Action =
  | { type: 'act'; book: string; delta: number }
  | { type: 'network'; up: boolean }
  | { type: 'cut' }
  | { type: 'sync' }
  | { type: 'reload' }
  | { type: 'delete-book'; book: string }
  | { type: 'retry'; pick: number }
  | { type: 'drop'; pick: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('act' as const),
      book: fc.constantFrom(...BOOKS),
      delta: fc.integer({ min: -4, max: 6 }).filter((d) => d !== 0),
    }),
  },
  fc.record({ type: fc.constant('network' as const), up: fc.boolean() }),
  fc.constant({ type: 'cut' as const }),
  { weight: 3, arbitrary: fc.constant({ type: 'sync' as const }) },
  fc.constant({ type: 'reload' as const }),
  fc.record({ type: fc.constant('delete-book' as const), book: fc.constantFrom(...BOOKS) }),
  fc.record({ type: fc.constant('retry' as const), pick: fc.nat() }),
  fc.record({ type: fc.constant('drop' as const), pick: fc.nat() }),
);

describe('the offline queue, against a server that honours keys', () => {
  it('applies every accepted intent exactly once and shows every refused one with its reason', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { maxLength: 40 }), async (actions) => {
        const server = new FakeServer(BOOKS);
        const store = memoryIntentStore();
        let n = 0;
        const dropped = new Set<string>();
        /** Every key each intent was ever sent with (a retry or change gets a new one). */
        const keysOf = new Map<string, string[]>();
        /** The book and delta each key carried, to check the stock. */
        const deltaOf = new Map<string, { book: string; delta: number }>();

        for (const step of actions) {
          switch (step.type) {
            case 'act': {
              n++;
              const key = `key-${n}`;
              const made = await enqueue(
                store,
                {
                  call: { kind: 'movements', path: '/stock/movements', body: { lines: [{ bookId: step.book, delta: step.delta }] } },
                  accountUid: UID,
                  precondition: { books: [{ bookId: step.book, name: step.book, stockSeen: 0 }] },
                  summary: `${step.delta} of ${step.book}`,
                },
                { id: `intent-${n}`, key, now: new Date(0) },
              );
              keysOf.set(made.id, [key]);
              deltaOf.set(key, { book: step.book, delta: step.delta });
              break;
            }
            case 'network':
              server.up = step.up;
              break;
            case 'cut':
              server.loseNextAnswer = true;
              break;
            case 'sync':
              await replay(store, UID, server.send);
              break;
            case 'reload':
              // The page closed mid-replay: the request reached the server, the store never heard back.
              server.closeTabOnNext = true;
              await replay(store, UID, server.send).catch(() => undefined);
              server.closeTabOnNext = false;
              break;
            case 'delete-book':
              server.deleted.add(step.book);
              break;
            case 'retry':
            case 'drop': {
              const refused = (await store.all()).filter((intent) => intent.state === 'needs-attention');
              const intent = refused[step.pick % Math.max(refused.length, 1)];
              if (!intent) break;
              if (step.type === 'drop') {
                await store.delete(intent.id);
                dropped.add(intent.id);
              } else {
                n++;
                const key = `key-${n}`;
                await requeue(store, intent, key);
                keysOf.get(intent.id)!.push(key);
                deltaOf.set(key, deltaOf.get(intent.idempotencyKey)!);
              }
              break;
            }
          }
        }
        // The network comes back for good and the queue is sent until it stops changing.
        server.up = true;
        server.loseNextAnswer = false;
        await replay(store, UID, server.send);

        const left = await store.all();
        expect(left.every((intent) => intent.state === 'needs-attention')).toBe(true);
        for (const [id, keys] of keysOf) {
          const applications = keys.reduce((sum, key) => sum + (server.applied.get(key) ?? 0), 0);
          const stillShown = left.find((intent) => intent.id === id);
          if (stillShown) {
            // Refused: shown with the server's own reason, and nothing of it applied.
            expect(applications).toBe(0);
            const answer = server.answers.get(stillShown.idempotencyKey);
            expect(answer).toEqual({ ok: false, reason: stillShown.reason });
          } else if (dropped.has(id)) {
            expect(applications).toBe(0);
          } else {
            expect(applications).toBe(1);
          }
        }
        // The stock is the sum of what was applied, once per accepted intent, and never below 0.
        for (const book of BOOKS) {
          const expected = [...server.applied.keys()]
            .map((key) => deltaOf.get(key)!)
            .filter((change) => change.book === book)
            .reduce((sum, change) => sum + change.delta, 0);
          expect(server.stock.get(book)).toBe(expected);
          expect(expected).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('stops at the first intent without an answer and leaves it and the rest queued, in order', async () => {
    const server = new FakeServer(BOOKS);
    const store = memoryIntentStore();
    for (const [i, delta] of [3, 2, 1].entries()) {
      await enqueue(
        store,
        {
          call: { kind: 'movements', path: '/stock/movements', body: { lines: [{ bookId: 'a', delta }] } },
          accountUid: UID,
          precondition: { books: [] },
          summary: '',
        },
        { id: `i${i}`, key: `k${i}`, now: new Date(0) },
      );
    }
    const first = server.send;
    let calls = 0;
    const result = await replay(store, UID, (intent) =>
      ++calls === 2 ? Promise.resolve({ outcome: 'unreachable', reason: 'offline' }) : first(intent),
    );
    expect(result).toEqual({ accepted: 1, refused: 0, stoppedBy: 'offline' });
    expect((await store.all()).map((intent) => [intent.id, intent.state])).toEqual([
      ['i1', 'queued'],
      ['i2', 'queued'],
    ]);
    await replay(store, UID, server.send);
    expect(server.stock.get('a')).toBe(6);
    expect(await store.all()).toEqual([]);
  });

  it("replays only the signed-in account's intents", async () => {
    const server = new FakeServer(BOOKS);
    const store = memoryIntentStore();
    const call = { kind: 'movements' as const, path: '/stock/movements' as const, body: { lines: [{ bookId: 'a', delta: 1 }] } };
    await enqueue(store, { call, accountUid: 'other', precondition: { books: [] }, summary: '' }, { id: 'x', key: 'kx', now: new Date(0) });
    await enqueue(store, { call, accountUid: UID, precondition: { books: [] }, summary: '' }, { id: 'y', key: 'ky', now: new Date(0) });
    await replay(store, UID, server.send);
    expect((await store.all()).map((intent) => intent.accountUid)).toEqual(['other']);
    expect(server.stock.get('a')).toBe(1);
  });
});
