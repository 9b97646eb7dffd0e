import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { intentStore } from '../../../lib/offline/indexed-db';
import type { Intent } from '../../../lib/offline/intent';
import { queueIntent, setOfflineAccount } from '../../../lib/offline/offline-queue';
import { testAccount } from '../../../test/fixtures';
import { json, renderWithApp, stubFetch } from '../../../test/render-with-app';
import { OfflineStatus } from './offline-status';

const refused = (uid: string): Intent => ({
  id: `refused-${uid}`,
  accountUid: uid,
  kind: 'movements',
  path: '/stock/movements',
  body: { lines: [{ bookId: 'b1', delta: -5 }] },
  idempotencyKey: 'first-key',
  precondition: { books: [{ bookId: 'b1', name: 'Dune', stockSeen: 5 }] },
  summary: 'Deliver 5 copies of Dune',
  createdAt: new Date(0).toISOString(),
  seq: 1,
  state: 'needs-attention',
  reason: "Nothing was applied. Line 1: 'Dune' has 4 copies: delivering 5 would take it below 0.",
});

/** The server: movements accepted, the catalogue empty; each movement's key and body kept. */
function server() {
  const sent: Array<{ key: string | null; body: unknown }> = [];
  const mock = stubFetch((url, init) => {
    if (url.pathname === '/api/stock/movements') {
      sent.push({ key: new Headers(init?.headers).get('Idempotency-Key'), body: JSON.parse(init?.body as string) });
      return json({ books: [] });
    }
    return json([]);
  });
  return { sent, mock };
}

afterEach(() => vi.unstubAllGlobals());

describe('OfflineStatus', () => {
  it('shows a change the server refused with its reason; Retry sends the same delta with a new key, and it leaves', async () => {
    const account = testAccount({ uid: 'retry-clerk' });
    await intentStore.put(refused(account.uid));
    const { sent } = server();
    renderWithApp(<OfflineStatus />, { account });

    const attention = await screen.findByRole('region', { name: /Needs attention: 1 change/ });
    expect(within(attention).getByText('Deliver 5 copies of Dune')).toBeInTheDocument();
    expect(within(attention).getByText(/delivering 5 would take it below 0/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Sync status' })).getByText('Online')).toBeInTheDocument();

    await userEvent.click(within(attention).getByRole('button', { name: 'Retry: Deliver 5 copies of Dune' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /Needs attention/ })).not.toBeInTheDocument());
    // The answer's schemas load with the first call: a wait longer than the default second.
    await waitFor(() => expect(sent).toHaveLength(1), { timeout: 5000 });
    await waitFor(async () => expect((await intentStore.all()).filter((intent) => intent.accountUid === account.uid)).toEqual([]));
    expect(sent[0]!.body).toEqual({ lines: [{ bookId: 'b1', delta: -5 }] });
    expect(sent[0]!.key).not.toBe('first-key');
  });

  it('Change sends new amounts as a delta in the same direction', async () => {
    const account = testAccount({ uid: 'change-clerk' });
    await intentStore.put(refused(account.uid));
    const { sent } = server();
    renderWithApp(<OfflineStatus />, { account });

    const attention = await screen.findByRole('region', { name: /Needs attention/ });
    await userEvent.click(within(attention).getByRole('button', { name: 'Change: Deliver 5 copies of Dune' }));
    await userEvent.clear(within(attention).getByLabelText('Copies of Dune'));
    await userEvent.type(within(attention).getByLabelText('Copies of Dune'), '4');
    await userEvent.click(within(attention).getByRole('button', { name: 'Send changed' }));
    await waitFor(() => expect(sent).toHaveLength(1), { timeout: 5000 });
    expect(sent[0]!.body).toEqual({ lines: [{ bookId: 'b1', delta: -4 }] });
  });

  it('Drop asks first, and only then removes the change', async () => {
    const account = testAccount({ uid: 'drop-clerk' });
    await intentStore.put(refused(account.uid));
    server();
    renderWithApp(<OfflineStatus />, { account });

    const attention = await screen.findByRole('region', { name: /Needs attention/ });
    await userEvent.click(within(attention).getByRole('button', { name: 'Drop: Deliver 5 copies of Dune' }));
    await userEvent.click(within(screen.getByRole('alertdialog', { name: 'Drop this change?' })).getByRole('button', { name: 'Cancel' }));
    expect((await intentStore.all()).filter((intent) => intent.accountUid === account.uid)).toHaveLength(1);

    await userEvent.click(within(attention).getByRole('button', { name: 'Drop: Deliver 5 copies of Dune' }));
    await userEvent.click(within(screen.getByRole('alertdialog', { name: 'Drop this change?' })).getByRole('button', { name: 'Drop it' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /Needs attention/ })).not.toBeInTheDocument());
    expect((await intentStore.all()).filter((intent) => intent.accountUid === account.uid)).toEqual([]);
  });
});

describe('the network', () => {
  it('says Offline when the network went before the status was shown, its event heard by nobody', async () => {
    server();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      renderWithApp(<OfflineStatus />, { account: testAccount({ uid: 'early-offline-clerk' }) });
      expect(await within(screen.getByRole('region', { name: 'Sync status' })).findByText('Offline')).toBeInTheDocument();
    } finally {
      vi.restoreAllMocks();
    }
  });
});

describe('the queue', () => {
  it('takes nothing from a viewer', async () => {
    server();
    setOfflineAccount('viewer-clerk', false);
    await expect(
      queueIntent({
        call: { kind: 'movements', path: '/stock/movements', body: { lines: [{ bookId: 'b1', delta: 1 }] } },
        precondition: { books: [] },
        summary: 'Receive 1 copy',
      }),
    ).rejects.toThrow('Your account can view stock but not change it');
    expect((await intentStore.all()).filter((intent) => intent.accountUid === 'viewer-clerk')).toEqual([]);
  });
});
