import {
  purchaseOrderTask,
  TOTAL_COUNT_HEADER,
  type FieldChange,
  type NewSupplier,
  type Supplier,
  type SupplierListQuery,
  type SupplierPatch,
  type SupplierRemoval,
} from '@book-warehouse/types';
import { Answer } from '../../lib/answer';
import type { AuthUser } from '../../lib/auth-user';
import type { Session, Transactions } from '../../lib/database-transaction';
import type { Clock } from '../../lib/display-time';
import { AppError, notFound } from '../../lib/errors';
import type { HistoryService } from '../history/history.service';
import type { PurchaseOrdersRepository } from './purchase-orders.repository';
import { NameTaken, type StoredSupplier, type SupplierSet, type SuppliersRepository } from './suppliers.repository';

/** The fields a supplier's entry lists, in the order of the form. */
const FIELDS = ['name', 'email', 'phone', 'leadTimeDays', 'notes', 'archived'] as const;

const valueOf = (supplier: StoredSupplier | null, field: (typeof FIELDS)[number]): string | number | null => {
  const value = supplier?.[field];
  return typeof value === 'boolean' ? (value ? 'yes' : 'no') : (value ?? null);
};

/** What a change of a supplier changed, field by field (null: absent). */
const changesOf = (before: StoredSupplier | null, after: StoredSupplier | null): FieldChange[] =>
  FIELDS.flatMap((field) => {
    const [from, to] = [valueOf(before, field), valueOf(after, field)];
    return from === to ? [] : [{ field, from, to }];
  });

const nameTaken = (name: string) =>
  new AppError('conflict', 409, `Another supplier is named ${name}`, { name: 'is taken by another supplier' });

/**
 * The suppliers (docs/rules.md, Buying): names unique in any case; one that an order or a book names is archived,
 * not deleted, so that its orders keep it. Each change commits with its history entry.
 */
export function createSuppliersService(deps: {
  suppliers: SuppliersRepository;
  orders: PurchaseOrdersRepository;
  history: HistoryService;
  transactions: Transactions;
  clock: Clock;
}) {
  const { suppliers, orders, history, transactions, clock } = deps;

  const answer = async (supplier: StoredSupplier, session?: Session): Promise<Supplier> => {
    const counts = await orders.countBySupplier([supplier._id], session);
    return answerWith(supplier, counts);
  };
  const answerWith = (supplier: StoredSupplier, counts: Map<string, number>): Supplier => ({
    ...supplier,
    orderCount: counts.get(supplier._id) ?? 0,
    createdAt: supplier.createdAt.toISOString(),
    updatedAt: supplier.updatedAt.toISOString(),
  });

  const found = async (id: string, session?: Session): Promise<StoredSupplier> => {
    const supplier = await suppliers.findById(id, session);
    if (!supplier) throw notFound('Supplier');
    return supplier;
  };

  /** Runs `work` in a transaction, a name taken by a concurrent write answered as the 409 it is. */
  const inTransaction = async <T>(name: string | undefined, work: (session: Session) => Promise<T>): Promise<T> => {
    try {
      return await transactions.run(work);
    } catch (error) {
      if (error instanceof NameTaken) throw nameTaken(name ?? '');
      throw error;
    }
  };

  return {
    async list(query: SupplierListQuery): Promise<Answer<Supplier[]>> {
      const { items, total } = await suppliers.list(query);
      const counts = await orders.countBySupplier(items.map((supplier) => supplier._id));
      return new Answer(
        items.map((supplier) => answerWith(supplier, counts)),
        { [TOTAL_COUNT_HEADER]: String(total) },
      );
    },

    get: async (id: string) => answer(await found(id)),

    create: (user: AuthUser, body: NewSupplier) =>
      inTransaction(body.name, async (session) => {
        const now = clock();
        const supplier = await suppliers.insert({ ...body, archived: false, createdAt: now, updatedAt: now }, session);
        await history.record(user, supplier.name, purchaseOrderTask.supplierAdded(supplier.name), session, {
          changes: changesOf(null, supplier),
        });
        return answer(supplier, session);
      }),

    update: (user: AuthUser, id: string, patch: SupplierPatch) =>
      inTransaction(patch.name, async (session) => {
        const current = await found(id, session);
        const set: SupplierSet = Object.fromEntries(
          Object.entries(patch).filter(([field, value]) => value !== undefined && value !== (current[field as keyof SupplierSet] ?? null)),
        );
        if (!Object.keys(set).length)
          throw new AppError('bad_request', 400, 'Nothing to update: the body changes no field of the supplier');
        const updated = (await suppliers.update(id, set, clock(), session)) ?? (await found(id, session));
        const task = set.archived === true ? purchaseOrderTask.supplierArchived : purchaseOrderTask.supplierUpdated;
        await history.record(user, updated.name, task(updated.name), session, { changes: changesOf(current, updated) });
        return answer(updated, session);
      }),

    /** Deletes a supplier nothing names; archives one that an order or a book names. */
    remove: (user: AuthUser, id: string): Promise<SupplierRemoval> =>
      inTransaction(undefined, async (session) => {
        const current = await found(id, session);
        const named =
          ((await orders.countBySupplier([id], session)).get(current._id) ?? 0) + (await suppliers.booksNaming(current._id, session));
        if (!named) {
          await suppliers.remove(id, session);
          await history.record(user, current.name, purchaseOrderTask.supplierDeleted(current.name), session, {
            changes: changesOf(current, null),
          });
          return { outcome: 'deleted', supplier: await answer(current, session) };
        }
        if (current.archived) return { outcome: 'archived', supplier: await answer(current, session) };
        const archived = (await suppliers.update(id, { archived: true }, clock(), session))!;
        await history.record(user, archived.name, purchaseOrderTask.supplierArchived(archived.name), session, {
          changes: changesOf(current, archived),
        });
        return { outcome: 'archived', supplier: await answer(archived, session) };
      }),
  };
}

export type SuppliersService = ReturnType<typeof createSuppliersService>;
