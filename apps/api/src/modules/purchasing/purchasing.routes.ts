import type { Router } from 'express';
import { hyphenatedIsbn, TOTAL_COUNT_HEADER, type PurchaseOrder } from '@book-warehouse/types';
import { sendCsv } from '../../lib/csv';
import { sayStockHidden, shownTo } from '../../lib/redact';
import type { Access } from '../../middleware/access';
import { endpointRouter } from '../../middleware/endpoint';
import type { Idempotency } from '../../middleware/idempotency';
import { PURCHASE_ORDERS } from './purchase-orders.endpoints';
import type { PurchaseOrdersService } from './purchase-orders.service';
import { SUPPLIERS } from './suppliers.endpoints';
import type { SuppliersService } from './suppliers.service';

/** One row per order line, each order's figures repeated on its lines. */
async function* lineRows(orders: AsyncIterable<PurchaseOrder>) {
  for await (const order of orders) for (const line of order.lines) yield { order, line };
}

/** Suppliers and purchase orders (suppliers.endpoints.ts, purchase-orders.endpoints.ts). */
export function createPurchasingRouter(
  services: { suppliers: SuppliersService; orders: PurchaseOrdersService },
  access: Access,
  idempotency: Idempotency,
): Router {
  const { suppliers, orders } = services;
  const { router, mount } = endpointRouter({ access, idempotency });
  mount(SUPPLIERS.listSuppliers, ({ query }) => suppliers.list(query));
  mount(SUPPLIERS.addSupplier, ({ user, body }) => suppliers.create(user, body));
  mount(SUPPLIERS.getSupplier, ({ params }) => suppliers.get(params.id));
  mount(SUPPLIERS.updateSupplier, ({ user, params, body }) => suppliers.update(user, params.id, body));
  mount(SUPPLIERS.deleteSupplier, ({ user, params }) => suppliers.remove(user, params.id));

  // The fixed paths before /purchase-orders/:id.
  mount(PURCHASE_ORDERS.listPurchaseOrders, ({ query }) => orders.list(query));
  mount(PURCHASE_ORDERS.exportPurchaseOrdersCsv, async ({ query, res }) => {
    res.set(TOTAL_COUNT_HEADER, String(await orders.exportTotal(query)));
    return sendCsv(
      res,
      {
        name: 'purchase-orders.csv',
        header: [
          'Number',
          'State',
          'Supplier',
          'Created',
          'Expected',
          'ISBN',
          'Book',
          'Quantity',
          'Unit cost',
          'Received',
          'Cancelled',
          'Outstanding',
          'Line cost',
        ],
        row: ({ order, line }) => [
          order.number,
          order.state,
          order.supplierName,
          order.createdAt,
          order.expectedAt,
          line.isbn && hyphenatedIsbn(line.isbn),
          line.bookName,
          line.quantity,
          line.unitCost,
          line.received,
          line.cancelled,
          line.outstanding,
          (line.quantity * Math.round(line.unitCost * 100)) / 100,
        ],
      },
      lineRows(orders.all(query)),
    );
  });
  mount(PURCHASE_ORDERS.addPurchaseOrder, ({ user, body }) => orders.create(user, body));
  mount(PURCHASE_ORDERS.createOrdersFromReorder, ({ user, body, res }) => {
    sayStockHidden(res);
    return orders.fromReorder(user, body, shownTo(res));
  });
  mount(PURCHASE_ORDERS.getPurchaseOrder, ({ params }) => orders.get(params.id));
  mount(PURCHASE_ORDERS.updatePurchaseOrder, ({ user, params, body }) => orders.update(user, params.id, body));
  mount(PURCHASE_ORDERS.placePurchaseOrder, ({ user, params }) => orders.place(user, params.id));
  mount(PURCHASE_ORDERS.cancelPurchaseOrder, ({ user, params }) => orders.cancel(user, params.id));
  mount(PURCHASE_ORDERS.closePurchaseOrder, ({ user, params }) => orders.close(user, params.id));
  mount(PURCHASE_ORDERS.receivePurchaseOrder, ({ user, params, body }) => orders.receive(user, params.id, body));
  return router;
}
