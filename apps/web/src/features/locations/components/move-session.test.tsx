import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { intentStore } from '../../../lib/offline/indexed-db';
import { setOfflineAccount } from '../../../lib/offline/offline-queue';
import { testAccount, testBook, testLocation } from '../../../test/fixtures';
import { json, renderWithApp, stubFetch } from '../../../test/render-with-app';
import { MoveScreen } from './move-session';

const from = testLocation({ _id: '64b0000000000000000000b1', code: 'FROM-1' });
const to = testLocation({ _id: '64b0000000000000000000b2', code: 'TO-1' });
const dune = testBook({
  _id: '64b000000000000000000031',
  bookName: 'Dune',
  isbn: '9780441172719',
  stockQuantity: 3,
  locations: [{ locationId: from._id, code: from.code, name: from.name, quantity: 3 }],
});

afterEach(() => vi.unstubAllGlobals());

async function scan(code: string) {
  const field = screen.getByLabelText(/^Location code or ISBN/);
  await userEvent.clear(field);
  await userEvent.type(field, `${code}{Enter}`);
}

describe('MoveScreen', () => {
  it('at a dead spot (no answer while the browser says online) queues the move under the key it was sent with', async () => {
    const account = testAccount({ uid: 'move-dead-spot' });
    const fetchMock = stubFetch((url) => {
      if (url.pathname === '/api/stock/transfers') throw new TypeError('Failed to fetch');
      if (url.pathname === '/api/locations') return json([from, to].filter((l) => l.code === url.searchParams.get('code')));
      return json([]);
    });
    setOfflineAccount(account.uid, true);
    renderWithApp(<MoveScreen findBook={() => Promise.resolve(dune)} />, { account });
    await scan('FROM-1');
    expect(await screen.findByText('Moving from FROM-1 (FROM-1)')).toBeInTheDocument();
    await scan('9780441172719');
    await scan('9780441172719');
    await scan('TO-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Move 2 copies from FROM-1 to TO-1' }));

    expect(await screen.findByText('Saved on this phone; it will be sent when the network is back.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    const [, init] = fetchMock.mock.calls.find(([input]) => input === '/api/stock/transfers')!;
    const queued = (await intentStore.all()).filter((intent) => intent.accountUid === account.uid);
    expect(queued).toMatchObject([
      {
        kind: 'transfers',
        idempotencyKey: new Headers(init?.headers).get('Idempotency-Key'),
        body: JSON.parse(init?.body as string) as unknown,
        precondition: { books: [{ bookId: dune._id, name: 'Dune', stockSeen: 3 }] },
        state: 'queued',
      },
    ]);
    setOfflineAccount(undefined, false);
  });
});
