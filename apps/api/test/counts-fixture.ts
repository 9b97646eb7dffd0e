import { RECEIVING_CODE, type CountState } from '@book-warehouse/types';
import { createCache } from '../src/lib/cache';
import type { Database } from '../src/lib/database';
import { COUNT_COLLECTIONS, createCountsRepository, type SessionDoc } from '../src/modules/counts/counts.repository';

/** The ids a call of the counts endpoints needs: a session in each state a call starts from, the line in review, RECEIVING. */
export interface CountsFixture {
  draftId: string;
  countingId: string;
  reviewId: string;
  lineId: string;
  receivingId: string;
}

/**
 * Empties the counts and stores, through the repository (no request, no history entry), three sessions of `bookId`: a
 * draft, one counting (no line yet: an observation of the book at RECEIVING adds it), and one in review whose one line
 * counted the book's copies at RECEIVING as expected, so that it applies without a decision.
 */
export async function countsFixture(database: Database, bookId: string): Promise<CountsFixture> {
  const { db } = database;
  await Promise.all(COUNT_COLLECTIONS.map((name) => db.collection(name).deleteMany({})));
  const counts = createCountsRepository(db, createCache());
  const receiving = (await db.collection('locations').findOne({ code: RECEIVING_CODE }))!;
  const [book] = await counts.books([bookId], []);
  return database.transactions.runBulk(async (session) => {
    const now = new Date();
    const sessionIn = async (state: CountState, lines: number) => {
      const doc: SessionDoc = {
        _id: counts.newId(),
        number: await counts.nextNumber(session),
        state,
        scope: { bookIds: [bookId] },
        blind: false,
        tolerance: {},
        createdBy: 'fixture@example.com',
        createdAt: now,
        lineCount: lines,
      };
      return doc;
    };
    const draft = await sessionIn('draft', 0);
    const counting = await sessionIn('counting', 0);
    const review = await sessionIn('review', 1);
    const held = book!.stock.get(receiving._id.toHexString()) ?? 0;
    const line = {
      ...counts.newLine(
        review._id,
        book!,
        { _id: receiving._id.toHexString(), code: RECEIVING_CODE, name: 'Receiving', holdsStock: true },
        false,
      ),
      expected: held,
      counted: held,
      countedBy: ['fixture@example.com'],
      firstCountedAt: now,
      lastCountedAt: now,
    };
    await counts.insertSession(draft, [], session);
    await counts.insertSession(counting, [], session);
    await counts.insertSession(review, [line], session);
    return {
      draftId: draft._id.toHexString(),
      countingId: counting._id.toHexString(),
      reviewId: review._id.toHexString(),
      lineId: line._id.toHexString(),
      receivingId: receiving._id.toHexString(),
    };
  });
}

/** The id a counts path's `{id}` takes in the fixture (the session in the state its call starts from). */
export function countIdFor(path: string, fixture: CountsFixture): string {
  if (/\/(start|cancel)$/.test(path)) return fixture.draftId;
  if (/\/(observations|review)$/.test(path)) return fixture.countingId;
  return fixture.reviewId;
}

/** A valid body of a counts call that names the fixture's book, location or line. */
export function countBodyFor(body: string, fixture: CountsFixture, bookId: string): object | undefined {
  if (body === 'NewCountObservation') return { bookId, locationId: fixture.receivingId, delta: 1 };
  if (body === 'CountDecisions') return { decisions: [{ lineId: fixture.lineId, action: 'leave' }] };
  return undefined;
}
