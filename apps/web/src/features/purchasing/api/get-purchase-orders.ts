import type { PurchaseOrderListQuery } from '@book-warehouse/types';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiListRequest, apiRequest } from '../../../lib/api-client';
import { useCsvExport } from '../../../lib/use-csv-export';
import { purchasingKeys } from './keys';

/** The list's filters as the URL sends them: `state` one or several states, comma-separated. */
export type OrdersQuery = Partial<Omit<PurchaseOrderListQuery, 'state'>> & { state?: string };

/** GET /purchase-orders: a page (X-Total-Count holds how many match). */
const getPurchaseOrders = (query: OrdersQuery, signal?: AbortSignal) =>
  apiListRequest('/purchase-orders', { query, schema: (s) => s.PurchaseOrderSchema.array(), signal });

export const usePurchaseOrders = (query: OrdersQuery, enabled = true) =>
  useQuery({
    queryKey: purchasingKeys.orders(query),
    queryFn: ({ signal }) => getPurchaseOrders(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

/** GET /purchase-orders/{id}. */
const getPurchaseOrder = (id: string, signal?: AbortSignal) =>
  apiRequest(`/purchase-orders/${id}`, { schema: (s) => s.PurchaseOrderSchema, signal });

export const usePurchaseOrder = (id: string | undefined) =>
  useQuery({ queryKey: purchasingKeys.order(id ?? ''), queryFn: ({ signal }) => getPurchaseOrder(id ?? '', signal), enabled: !!id });

/** GET /purchase-orders/export.csv with the list's filters: one row per line, saved as a file. */
export const useExportPurchaseOrders = () =>
  useCsvExport((query: Omit<OrdersQuery, 'page' | 'limit'>) => ({
    path: '/purchase-orders/export.csv',
    query,
    name: 'purchase-orders.csv',
  }));
