import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testOrderLine, testPurchaseOrder } from '../../../test/fixtures';
import { json, renderWithApp, stubFetch } from '../../../test/render-with-app';
import { OrderEditor, type BookFinder } from './order-editor';

const DUNE = '64b000000000000000000021';
const EMMA = '64b000000000000000000022';
const order = testPurchaseOrder({
  state: 'partially_received',
  lines: [testOrderLine(DUNE, 'Dune', 5, 2), testOrderLine(EMMA, 'Emma', 3)],
});
const finder: BookFinder = { findBook: () => Promise.resolve(null), searchBooks: () => Promise.resolve([]) };
const bodyOf = (init: RequestInit | undefined): unknown => JSON.parse(init?.body as string);

afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

describe('OrderEditor on an ordered order', () => {
  it('keeps a line with copies received (no Remove) and refuses its quantity below them before sending', async () => {
    const fetchMock = stubFetch(() => json(order));
    renderWithApp(<OrderEditor order={order} finder={finder} onDone={vi.fn()} />);
    const [dune, emma] = within(screen.getByRole('list', { name: 'Order lines' })).getAllByRole('listitem');
    expect(dune).toHaveTextContent('2 received');
    expect(within(dune!).queryByRole('button', { name: 'Remove Dune' })).not.toBeInTheDocument();
    expect(within(emma!).getByRole('button', { name: 'Remove Emma' })).toBeInTheDocument();

    const quantity = within(dune!).getByLabelText('Quantity');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '1');
    await userEvent.click(screen.getByRole('button', { name: 'Save the order' }));
    expect(await within(dune!).findByText('Quantity must be at least the 2 received')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends every line as edited: a quantity and a cost changed, a line with nothing received removed', async () => {
    const fetchMock = stubFetch(() => json({ ...order, lines: [testOrderLine(DUNE, 'Dune', 6, 2)] }));
    const onDone = vi.fn();
    renderWithApp(<OrderEditor order={order} finder={finder} onDone={onDone} />);
    const [dune] = within(screen.getByRole('list', { name: 'Order lines' })).getAllByRole('listitem');
    await userEvent.clear(within(dune!).getByLabelText('Quantity'));
    await userEvent.type(within(dune!).getByLabelText('Quantity'), '6');
    await userEvent.clear(within(dune!).getByLabelText('Unit cost'));
    await userEvent.type(within(dune!).getByLabelText('Unit cost'), '4.25');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Emma' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save the order' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([String(url), init?.method]).toEqual([`/api/purchase-orders/${order._id}`, 'PATCH']);
    expect(bodyOf(init)).toEqual({ lines: [{ bookId: DUNE, quantity: 6, unitCost: 4.25 }] });
  });

  it("shows the server's refusal on the line it names", async () => {
    stubFetch(() =>
      json(
        {
          error: {
            code: 'conflict',
            message: "'Dune' cannot go below the 2 received",
            fields: { 'lines.0.quantity': 'must be at least the 2 received' },
          },
        },
        409,
      ),
    );
    renderWithApp(<OrderEditor order={order} finder={finder} onDone={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save the order' }));
    const [dune] = within(screen.getByRole('list', { name: 'Order lines' })).getAllByRole('listitem');
    expect(await within(dune!).findByText('Quantity must be at least the 2 received')).toBeInTheDocument();
  });
});
