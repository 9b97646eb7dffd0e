import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { purchasingKeys } from './keys';

/** GET /suppliers/{id} (archived ones too): the printed order names its contact details. */
const getSupplier = (id: string, signal?: AbortSignal) => apiRequest(`/suppliers/${id}`, { schema: (s) => s.SupplierSchema, signal });

export const useSupplier = (id: string | undefined) =>
  useQuery({ queryKey: purchasingKeys.supplier(id ?? ''), queryFn: ({ signal }) => getSupplier(id ?? '', signal), enabled: !!id });
