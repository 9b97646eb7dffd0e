import type { PurchaseOrder } from '@book-warehouse/types';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { testAccount, testPurchaseOrder } from '../../../test/fixtures';
import { json, renderWithApp, stubFetch } from '../../../test/render-with-app';
import { PurchaseOrderPage } from './purchasing';

const order = testPurchaseOrder();

afterEach(() => {
  vi.unstubAllGlobals();
});

// Only an admin edits the lines of an ordered order (docs/rules.md, Buying); staff see the order as it is.
describe('PurchaseOrderPage', () => {
  const open = (role: 'staff' | 'admin', state: PurchaseOrder['state']) => {
    stubFetch((url) => (url.pathname.startsWith('/api/suppliers') ? json({}, 404) : json({ ...order, state })));
    renderWithApp(<PurchaseOrderPage />, {
      path: paths.dashboard.purchaseOrderPattern,
      url: paths.dashboard.purchaseOrder(order._id),
      account: testAccount({ role }),
    });
  };

  it("offers an admin 'Edit lines' on an ordered order, and opens the editor", async () => {
    open('admin', 'ordered');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit lines' }));
    expect(screen.getByRole('form', { name: `Edit ${order.number}` })).toBeInTheDocument();
  });

  it.each(['ordered', 'partially_received'] as const)("offers staff no 'Edit lines' on a %s order", async (state) => {
    open('staff', state);
    expect(await screen.findByText('Acme Books')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit lines' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit the draft' })).not.toBeInTheDocument();
  });

  it("offers an admin no 'Edit lines' on a received order", async () => {
    open('admin', 'received');
    expect(await screen.findByText('Acme Books')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit lines' })).not.toBeInTheDocument();
  });
});
