import { z } from 'zod';
import {
  IdParamsSchema,
  NewSupplierSchema,
  SupplierListQuerySchema,
  SupplierPatchSchema,
  SupplierRemovalSchema,
  SupplierSchema,
} from '@book-warehouse/types';
import { endpoints, PAGE_HEADERS } from '../../middleware/endpoint';

/** The suppliers books are bought from (docs/rules.md, Buying): staff read and change them. */
export const SUPPLIERS = endpoints({
  listSuppliers: {
    method: 'get',
    path: '/suppliers',
    access: 'staff',
    summary: 'A page of the suppliers by name; `q` finds names containing it (any case); archived ones with archived=true',
    query: SupplierListQuerySchema,
    ok: { status: 200, schema: z.array(SupplierSchema), headers: PAGE_HEADERS, description: 'The page, by name' },
  },
  addSupplier: {
    method: 'post',
    path: '/suppliers',
    access: 'staff',
    idempotent: true,
    summary: 'Add a supplier (records "Supplier {name} added")',
    body: NewSupplierSchema,
    errors: [409],
    errorDescriptions: { 409: 'Another supplier has this name (any case), naming `name`' },
    ok: { status: 201, schema: SupplierSchema, description: 'The stored supplier' },
  },
  getSupplier: {
    method: 'get',
    path: '/suppliers/:id',
    access: 'staff',
    summary: 'One supplier',
    params: IdParamsSchema,
    ok: { status: 200, schema: SupplierSchema, description: 'The supplier' },
  },
  updateSupplier: {
    method: 'patch',
    path: '/suppliers/:id',
    access: 'staff',
    idempotent: true,
    summary: 'Change a supplier, archive it (archived: true) or restore it (archived: false); null removes an optional field',
    params: IdParamsSchema,
    body: SupplierPatchSchema,
    errors: [409],
    errorDescriptions: {
      400: 'A bad field, or a body that changes nothing',
      409: 'Another supplier has this name (any case), naming `name`',
    },
    ok: { status: 200, schema: SupplierSchema, description: 'The supplier as changed' },
  },
  deleteSupplier: {
    method: 'delete',
    path: '/suppliers/:id',
    access: 'staff',
    idempotent: true,
    summary: 'Delete a supplier that no order and no book names; one that is named is archived instead (outcome says which)',
    params: IdParamsSchema,
    ok: { status: 200, schema: SupplierRemovalSchema, description: 'What became of it, and the supplier as it was (or as archived)' },
  },
});
