import type { SupplierListQuery } from '@book-warehouse/types';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiListRequest } from '../../../lib/api-client';
import { purchasingKeys } from './keys';

type SuppliersQuery = Partial<Omit<SupplierListQuery, 'archived'>> & { archived?: boolean };

/** GET /suppliers: a page by name (X-Total-Count holds how many match); archived ones only with `archived`. */
const getSuppliers = (query: SuppliersQuery, signal?: AbortSignal) =>
  apiListRequest('/suppliers', {
    query: { ...query, archived: query.archived === undefined ? undefined : String(query.archived) },
    schema: (s) => s.SupplierSchema.array(),
    signal,
  });

/** A page of suppliers; the previous page stays on screen while the next loads. */
export const useSuppliers = (query: SuppliersQuery) =>
  useQuery({
    queryKey: purchasingKeys.suppliers(query),
    queryFn: ({ signal }) => getSuppliers(query, signal),
    placeholderData: keepPreviousData,
  });

/** The suppliers a choice offers (a book's supplier, an order's filter): the first page of the largest size, by name. */
export const useSupplierChoices = (enabled = true) =>
  useQuery({
    queryKey: purchasingKeys.suppliers({ limit: 100 }),
    queryFn: ({ signal }) => getSuppliers({ limit: 100 }, signal),
    select: (page) => page.items,
    enabled,
  });
