import { STOCK_HIDDEN_HEADER, TOTAL_QUANTITY_HEADER, type LocationStockQuery } from '@book-warehouse/types';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiResponse } from '../../../lib/api-client';
import { locationKeys } from './keys';

/**
 * A page of what a location and everything beneath it holds, the rows' count and their copies (its total); the copies
 * are null, with `hidden` saying why, while a blind count is counting there or beneath.
 */
async function getLocationStock(id: string, query: Partial<LocationStockQuery>, signal?: AbortSignal) {
  const { data, headers } = await apiResponse(`/locations/${id}/stock`, {
    query: { ...query },
    schema: (s) => s.LocationStockItemSchema.array(),
    signal,
  });
  return {
    items: data,
    total: Number(headers.get('X-Total-Count') ?? data.length),
    copies: headers.has(STOCK_HIDDEN_HEADER) ? null : Number(headers.get(TOTAL_QUANTITY_HEADER) ?? 0),
    hidden: headers.get(STOCK_HIDDEN_HEADER),
  };
}

const locationStockQueryOptions = (id: string, query: Partial<LocationStockQuery>) =>
  queryOptions({ queryKey: locationKeys.stock(id, query), queryFn: ({ signal }) => getLocationStock(id, query, signal) });

/** The page shown; the previous page stays on screen while the next one loads. */
export const useLocationStock = (id: string, query: Partial<LocationStockQuery>) =>
  useQuery({ ...locationStockQueryOptions(id, query), placeholderData: keepPreviousData });
