import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { intentStore } from '../../../lib/offline/indexed-db';
import { setOfflineAccount } from '../../../lib/offline/offline-queue';
import type { Location } from '@book-warehouse/types';
import { testAccount, testLocation, testOrderLine, testPurchaseOrder } from '../../../test/fixtures';
import { json, renderWithApp, stubFetch } from '../../../test/render-with-app';
import { ReceivingScreen } from './receiving-screen';

const DUNE = '64b000000000000000000021';
const order = testPurchaseOrder({ lines: [{ ...testOrderLine(DUNE, 'Dune', 5), isbn: '9780441013593' }] });
const upper = testLocation({ _id: '64b0000000000000000000a1', code: 'S-01' });
const lower = testLocation({ _id: '64b0000000000000000000a2', code: 'S-02' });
const aisle = testLocation({ _id: '64b0000000000000000000a3', code: 'AISLE', holdsStock: false });
const bodyOf = (init: RequestInit | undefined): unknown => JSON.parse(init?.body as string);

afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

/** The location a label names, as the route's useFindLocation answers it. */
const finder = (known: Location[]) => (code: string) =>
  Promise.resolve(known.find((location) => location.code.toLowerCase() === code.toLowerCase()) ?? null);

async function scan(code: string) {
  await userEvent.type(screen.getByLabelText(/Scan each book/), `${code}{Enter}`);
}

describe('ReceivingScreen', () => {
  it('puts each scan into the current place: the default, a chosen location, a scanned location label; one receipt line per place', async () => {
    const fetchMock = stubFetch((url, init) =>
      init?.method === 'POST'
        ? json(
            {
              order: { ...order, state: 'received' },
              receipt: { _id: order._id, email: 'a@b.c', createdAt: order.createdAt, lines: [] },
              books: [],
            },
            201,
          )
        : json(order),
    );
    renderWithApp(
      <ReceivingScreen
        orderId={order._id}
        onOrder={vi.fn()}
        locations={[aisle, upper, lower]}
        findLocation={finder([aisle, upper, lower])}
      />,
    );
    await screen.findByRole('list', { name: `Lines of ${order.number}` });

    await scan('9780441013593');
    await userEvent.selectOptions(screen.getByLabelText('Receive into'), upper._id);
    await scan('9780441013593');
    await scan('9780441013593');
    // A location's label switches the place as the move screen does; one that holds no stock is refused.
    await scan('AISLE');
    expect(await screen.findByText('AISLE holds no stock: scan one of the locations beneath it.')).toBeInTheDocument();
    await scan('s-02');
    expect(await screen.findByText('The next scans go into S-02.')).toBeInTheDocument();
    expect(screen.getByLabelText('Receive into')).toHaveValue(lower._id);
    await userEvent.click(screen.getByRole('button', { name: '+1 copy of Dune into S-02' }));
    expect(screen.getByText('Now: 1 into the default location · 2 into S-01 · 1 into S-02')).toBeInTheDocument();
    expect(screen.getByLabelText('Copies of Dune received now into S-02')).toHaveValue(1);

    await userEvent.click(screen.getByRole('button', { name: 'Receive 4 copies' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const [url, init] = fetchMock.mock.calls.find(([, call]) => call?.method === 'POST')!;
    expect(String(url)).toBe(`/api/purchase-orders/${order._id}/receipts`);
    expect(bodyOf(init)).toEqual({
      lines: [
        { bookId: DUNE, quantity: 1 },
        { bookId: DUNE, quantity: 2, locationId: upper._id },
        { bookId: DUNE, quantity: 1, locationId: lower._id },
      ],
    });
    // The place chosen last stays for the next delivery.
    expect(await screen.findByRole('button', { name: 'Receive' })).toBeDisabled();
    expect(screen.getByLabelText('Receive into')).toHaveValue(lower._id);
  });

  it('switches to a scanned label while the list of locations is still loading', async () => {
    stubFetch(() => json(order));
    renderWithApp(<ReceivingScreen orderId={order._id} onOrder={vi.fn()} locations={undefined} findLocation={finder([upper])} />);
    await screen.findByRole('list', { name: `Lines of ${order.number}` });
    await scan('S-01');
    expect(await screen.findByText('The next scans go into S-01.')).toBeInTheDocument();
    await scan('9780441013593');
    expect(await screen.findByText('Now: 1 into S-01')).toBeInTheDocument();
  });

  it("'Start over' drops every scan, and waits for the first one", async () => {
    stubFetch(() => json(order));
    renderWithApp(<ReceivingScreen orderId={order._id} onOrder={vi.fn()} locations={[upper]} findLocation={finder([upper])} />);
    await screen.findByRole('list', { name: `Lines of ${order.number}` });
    expect(screen.getByRole('button', { name: 'Start over' })).toBeDisabled();
    await scan('9780441013593');
    await userEvent.click(screen.getByRole('button', { name: 'Start over' }));
    expect(screen.getByLabelText('Copies of Dune received now into the default location')).toHaveValue(0);
    expect(screen.getByRole('button', { name: 'Receive' })).toBeDisabled();
  });

  it('at a dead spot queues the receipt under the key it was sent with, and says so', async () => {
    const account = testAccount({ uid: 'receiving-dead-spot' });
    const fetchMock = stubFetch((_, init) => (init?.method === 'POST' ? new Response('Bad Gateway', { status: 502 }) : json(order)));
    setOfflineAccount(account.uid, true);
    renderWithApp(<ReceivingScreen orderId={order._id} onOrder={vi.fn()} locations={[upper]} findLocation={finder([upper])} />, {
      account,
    });
    await screen.findByRole('list', { name: `Lines of ${order.number}` });
    await scan('9780441013593');
    await scan('9780441013593');
    await userEvent.click(screen.getByRole('button', { name: 'Receive 2 copies' }));

    expect(await screen.findByText('Saved on this phone; it will be sent when the network is back.')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([, call]) => call?.method === 'POST')!;
    const queued = (await intentStore.all()).filter((intent) => intent.accountUid === account.uid);
    expect(queued).toMatchObject([
      {
        kind: 'receipt',
        path: `/purchase-orders/${order._id}/receipts`,
        idempotencyKey: new Headers(init?.headers).get('Idempotency-Key'),
        body: bodyOf(init),
        precondition: { books: [{ bookId: DUNE, name: 'Dune', stockSeen: 5 }] },
        state: 'queued',
      },
    ]);
    setOfflineAccount(undefined, false);
  });
});
