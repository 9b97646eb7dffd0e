import type { Db } from 'mongodb';
import { RECEIVING_CODE } from '@book-warehouse/types';
import type { Logger } from '../../lib/logger';
import { createBooksRepository } from '../books/books.repository';
import { createStatsRepository } from '../books/stats.repository';
import { createLocationsRepository } from '../locations/locations.repository';
import { createReviewsRepository } from '../reviews/reviews.repository';
import { SEED_OWNER_EMAIL, seedBooks, seedLocations, seedReviews, seedStock } from './seed-data';

/**
 * The demo documents' fixed ids (24 hex digits): "5eed0000" is their timestamp (June 2020, before any book a
 * user adds, so the demo books keep coming first in insertion order), then the kind and the position.
 */
const KINDS = { book: '0b', review: '0c', location: '0d' } as const;
const seedId = (kind: keyof typeof KINDS, index: number) => `5eed0000${KINDS[kind]}${index.toString(16).padStart(14, '0')}`;

/**
 * Stores the demo locations (seed-data.ts) under their fixed ids and answers the id of each by code, RECEIVING's
 * included; one whose code a location of the user's has is left out, and the books' copies meant for it stay at
 * RECEIVING.
 */
async function seedTree(db: Db): Promise<Map<string, string>> {
  const locations = createLocationsRepository(db);
  const byCode = new Map(seedLocations.map((location, i) => [location.code, seedId('location', i)]));
  const wanted = seedLocations.map(({ code, name, parent, holdsStock }) => {
    const ancestorIds: string[] = [];
    for (let above = parent; above; above = seedLocations.find((l) => l.code === above)!.parent) ancestorIds.unshift(byCode.get(above)!);
    return { _id: byCode.get(code)!, code, name, parentId: parent && byCode.get(parent)!, holdsStock, ancestorIds };
  });
  const stored = await locations.insertAbsent(wanted);
  const receiving = await locations.findByCode(RECEIVING_CODE);
  return new Map([...[...byCode].filter(([, id]) => stored.has(id)), ...(receiving ? [[RECEIVING_CODE, receiving._id] as const] : [])]);
}

/**
 * Fills an empty database with the demo books (their copies over the demo locations) and reviews. A collection that holds anything is left alone,
 * so the seed never overwrites or duplicates data. Instances that start together on an empty database all
 * see it empty and all insert: the fixed ids make the second insert of each document a no-op, so the demo
 * data lands once (two instances used to seed 60 books).
 */
export async function seedDemoData(db: Db, logger: Logger): Promise<{ books: number; reviews: number }> {
  const books = createBooksRepository(db, undefined, createStatsRepository(db));
  const reviews = createReviewsRepository(db);
  const added = { books: 0, reviews: 0 };
  if (await books.isEmpty()) {
    const ids = await seedTree(db);
    const placed = seedBooks.map((book, i) => {
      const { shelf, at } = seedStock(i, book.stockQuantity);
      // Copies meant for a location that is not stored stay at RECEIVING.
      const stock = at.map(([code, quantity]) => ({ locationId: ids.get(code) ?? ids.get(RECEIVING_CODE)!, quantity }));
      const merged = [...new Set(stock.map((e) => e.locationId))].map((locationId) => ({
        locationId,
        quantity: stock.filter((e) => e.locationId === locationId).reduce((sum, e) => sum + e.quantity, 0),
      }));
      return {
        ...book,
        _id: seedId('book', i),
        email: SEED_OWNER_EMAIL,
        ...(ids.has(shelf) ? { defaultLocationId: ids.get(shelf)! } : {}),
        at: merged,
      };
    });
    added.books = await books.insertAbsent(placed);
  }
  if (await reviews.isEmpty()) {
    added.reviews = await reviews.insertAbsent(
      seedReviews.map((review, i) => ({ ...review, _id: seedId('review', i), createdAt: new Date(review.time) })),
    );
  }
  if (added.books || added.reviews) logger.info(added, 'seeded demo data into the empty database');
  return added;
}
