import { MongoServerError, ObjectId, type Collection, type Db, type Filter, type IndexDescription } from 'mongodb';
import type { SupplierListQuery } from '@book-warehouse/types';
import type { Session } from '../../lib/database-transaction';

export const SUPPLIERS_COLLECTION = 'suppliers';

/** A stored supplier: `nameKey` is its name in lower case, unique, so that "Acme" and "ACME" are one supplier. */
interface SupplierDoc {
  _id: ObjectId;
  name: string;
  nameKey: string;
  email?: string;
  phone?: string;
  leadTimeDays?: number;
  notes?: string;
  archived: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** A supplier as the service works with it: its id as a hex string. */
export type StoredSupplier = Omit<SupplierDoc, '_id' | 'nameKey'> & { _id: string };

/** The fields a change sets; null removes an optional one. */
export type SupplierSet = Partial<{
  name: string;
  email: string | null;
  phone: string | null;
  leadTimeDays: number | null;
  notes: string | null;
  archived: boolean;
}>;

/** Migration 017 makes them: names unique in any case, and the list's order (by name, archived apart). */
export const SUPPLIER_INDEXES: IndexDescription[] = [
  { name: 'supplier_name_unique', key: { nameKey: 1 }, unique: true },
  { name: 'supplier_archived_name', key: { archived: 1, nameKey: 1 } },
];

/** The name index refused a second supplier of the same name. */
export class NameTaken extends Error {}

const DUPLICATE_KEY = 11000;
const keyOf = (name: string) => name.toLowerCase();
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const toSupplier = ({ _id, nameKey: _key, ...rest }: SupplierDoc): StoredSupplier => ({ ...rest, _id: _id.toHexString() });

async function nameChecked<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) throw new NameTaken();
    throw error;
  }
}

export function createSuppliersRepository(db: Db) {
  const suppliers: Collection<SupplierDoc> = db.collection<SupplierDoc>(SUPPLIERS_COLLECTION);
  const books = db.collection<{ supplierId?: string }>('books');

  const filterOf = ({ q, archived }: Pick<SupplierListQuery, 'q' | 'archived'>): Filter<SupplierDoc> => ({
    archived: archived ?? false,
    ...(q ? { nameKey: { $regex: escaped(keyOf(q)) } } : {}),
  });

  return {
    /** A page by name, and how many match. */
    async list(query: SupplierListQuery): Promise<{ items: StoredSupplier[]; total: number }> {
      const filter = filterOf(query);
      const [docs, total] = await Promise.all([
        suppliers.find(filter, { sort: { nameKey: 1, _id: 1 }, skip: query.page * query.limit, limit: query.limit }).toArray(),
        suppliers.countDocuments(filter),
      ]);
      return { items: docs.map(toSupplier), total };
    },

    async findById(id: string, session?: Session): Promise<StoredSupplier | null> {
      const doc = await suppliers.findOne({ _id: new ObjectId(id) }, { session });
      return doc && toSupplier(doc);
    },

    /** The suppliers of these ids that exist, by lower-case id. */
    async findByIds(ids: readonly string[], session?: Session): Promise<Map<string, StoredSupplier>> {
      const wanted = [...new Set(ids.filter((id) => ObjectId.isValid(id) && /^[0-9a-f]{24}$/i.test(id)).map((id) => id.toLowerCase()))];
      if (!wanted.length) return new Map();
      const docs = await suppliers.find({ _id: { $in: wanted.map((id) => new ObjectId(id)) } }, { session }).toArray();
      return new Map(docs.map((doc) => [doc._id.toHexString(), toSupplier(doc)]));
    },

    /** Stores a new supplier; a name taken (any case) throws NameTaken. */
    async insert(supplier: Omit<StoredSupplier, '_id'>, session: Session): Promise<StoredSupplier> {
      const doc: SupplierDoc = { ...supplier, _id: new ObjectId(), nameKey: keyOf(supplier.name) };
      await nameChecked(suppliers.insertOne(doc, { session }));
      return toSupplier(doc);
    },

    /** Sets (null: removes) fields; a name taken throws NameTaken. */
    async update(id: string, set: SupplierSet, now: Date, session: Session): Promise<StoredSupplier | null> {
      const removed = Object.entries(set)
        .filter(([, value]) => value === null)
        .map(([field]) => field);
      const kept = Object.fromEntries(Object.entries(set).filter(([, value]) => value !== null));
      const doc = await nameChecked(
        suppliers.findOneAndUpdate(
          { _id: new ObjectId(id) },
          {
            $set: { ...kept, ...(set.name ? { nameKey: keyOf(set.name) } : {}), updatedAt: now },
            ...(removed.length ? { $unset: Object.fromEntries(removed.map((field) => [field, ''])) } : {}),
          },
          { session, returnDocument: 'after' },
        ),
      );
      return doc && toSupplier(doc);
    },

    async remove(id: string, session: Session): Promise<boolean> {
      return (await suppliers.deleteOne({ _id: new ObjectId(id) }, { session })).deletedCount === 1;
    },

    /** How many books name the supplier (their supplierId, stored as its hex id). */
    async booksNaming(id: string, session: Session): Promise<number> {
      return books.countDocuments({ supplierId: { $in: [id, id.toLowerCase()] } }, { session });
    },
  };
}

export type SuppliersRepository = ReturnType<typeof createSuppliersRepository>;
