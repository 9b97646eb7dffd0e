import type { Document } from 'mongodb';
import { SHARDS, STATS_COLLECTION, ZERO, countBooks } from '../modules/books/stats.repository';
import { SHORTAGE } from '../modules/books/books.repository';
import type { Migration } from './migration';

/**
 * Builds the dashboard counters from a full count of the books, and repairs them at every `pnpm migrate`
 * (docs/decisions/010-history-changes-and-undo.md): books written by other tools (a bulk seed, a restore)
 * change no counter. The count and the new counters commit in one transaction that writes every shard, so a
 * book change committed meanwhile makes one of the two start again: none is lost or counted twice. Then the
 * stored shortage of the reorder list is brought in step with each book's stock and reorder point.
 */
export const repairStockCounters: Migration = {
  id: '008-repair-stock-counters',
  description: 'Rebuild the stock counters (stats) and stored shortages from the books',
  repeatable: true,
  async up(db, { client }) {
    const stats = db.collection<{ _id: string; products?: number }>(STATS_COLLECTION);
    const counted = await client.withSession((session) =>
      session.withTransaction(async () => {
        const total = await countBooks(db, session);
        const shards = await stats.find({}, { session }).toArray();
        const before = shards.reduce((sum, doc) => sum + (doc.products ?? 0), 0);
        for (let shard = 0; shard < SHARDS; shard++) {
          await stats.replaceOne({ _id: `shard-${shard}` }, shard === 0 ? total : ZERO, { upsert: true, session });
        }
        return before === total.products ? 0 : 1;
      }),
    );

    const books = db.collection<Document>('books');
    // Not low, or no reorder point: no shortage.
    const cleared = await books.updateMany(
      {
        [SHORTAGE]: { $exists: true },
        $or: [{ reorderPoint: { $exists: false } }, { $expr: { $gt: ['$stockQuantity', '$reorderPoint'] } }],
      },
      { $unset: { [SHORTAGE]: '' } },
    );
    let set = 0;
    const low = books.find(
      { reorderPoint: { $exists: true }, $expr: { $lte: ['$stockQuantity', '$reorderPoint'] } },
      { projection: { stockQuantity: 1, reorderPoint: 1, [SHORTAGE]: 1 }, timeoutMode: 'iteration' },
    );
    for await (const book of low) {
      const shortage = Number(book['reorderPoint']) - Number(book['stockQuantity']);
      if (book[SHORTAGE] === shortage) continue;
      // Conditional on the values read, so a change made meanwhile (which sets its own shortage) is kept.
      const { modifiedCount } = await books.updateOne(
        { _id: book['_id'], stockQuantity: book['stockQuantity'], reorderPoint: book['reorderPoint'] },
        { $set: { [SHORTAGE]: shortage } },
      );
      set += modifiedCount;
    }
    return { countersRepaired: counted, shortagesRepaired: cleared.modifiedCount + set };
  },
};
