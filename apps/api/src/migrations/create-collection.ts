import { MongoServerError, type Db } from 'mongodb';

/** The code of createCollection on a name that exists. */
const NAMESPACE_EXISTS = 48;

/**
 * Creates the collection unless it exists (another instance's run, or an earlier one): answers whether it did.
 * Migrations create collections up front, since MongoDB 4.0 cannot create one inside a transaction.
 */
export async function createCollectionIfMissing(db: Db, name: string): Promise<boolean> {
  try {
    await db.createCollection(name);
    return true;
  } catch (error) {
    if (error instanceof MongoServerError && error.code === NAMESPACE_EXISTS) return false;
    throw error;
  }
}
