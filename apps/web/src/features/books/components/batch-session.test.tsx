import 'fake-indexeddb/auto';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { intentStore } from '../../../lib/offline/indexed-db';
import { setOfflineAccount } from '../../../lib/offline/offline-queue';
import { testAccount, testBook, testLocation } from '../../../test/fixtures';
import { json, renderWithApp, stubFetch } from '../../../test/render-with-app';
import { BatchSession } from './batch-session';

const dune = testBook({ _id: '64b000000000000000000001', bookName: 'Dune', isbn: '9780441172719', stockQuantity: 5 });
const hobbit = testBook({ _id: '64b000000000000000000002', bookName: 'The Hobbit', isbn: '9780547928227', stockQuantity: 1 });
const byIsbn = new Map([dune, hobbit].map((book) => [book.isbn!, book]));

afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

/** The API: GET /books?isbn= finds the two books; POST /stock/movements answers `commit`. */
function stubApi(commit: () => Response | Promise<Response>) {
  return stubFetch((url) => {
    if (url.pathname === '/api/books') {
      const book = byIsbn.get(url.searchParams.get('isbn') ?? '');
      return json(book ? [book] : []);
    }
    if (url.pathname === '/api/stock/movements') return commit();
    return json({ error: { code: 'not_found', message: 'no such call' } }, 404);
  });
}

async function scan(code: string) {
  const field = screen.getByLabelText(/^ISBN to/);
  await userEvent.clear(field);
  await userEvent.type(field, `${code}{Enter}`);
}

const lineOf = (name: string) => screen.getByRole('listitem', { name: new RegExp(name) });

describe('BatchSession', () => {
  it('counts each scanned code on its book, refuses an invalid one, and offers to add an unknown one', async () => {
    stubApi(() => json({ books: [] }));
    renderWithApp(<BatchSession />);
    await scan('978-0-441-17271-9');
    await scan('0441172717');
    await scan('9780547928227');
    expect(await within(lineOf('Dune')).findByText('2')).toBeInTheDocument();
    expect(within(lineOf('Dune')).getByText(/Stock 5/)).toHaveTextContent('Stock 5 → 7');
    expect(within(lineOf('The Hobbit')).getByLabelText('Copies of The Hobbit')).toHaveTextContent('1');

    await scan('9780441172718');
    expect(await screen.findByRole('alert')).toHaveTextContent("'9780441172718' is not a valid ISBN");

    await scan('9780262033848');
    expect(await screen.findByText(/No book in the warehouse has ISBN 9780262033848/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add it' })).toHaveAttribute('href', '/dashboard/additem?isbn=9780262033848');
  });

  it('on a refusal shows each failing line message in place, once, and keeps the list; nothing is cleared', async () => {
    // The Hobbit looked in stock when scanned; someone delivered it meanwhile, so the server refuses.
    const message = "'The Hobbit' has 0 copies: delivering 1 would take it below 0";
    const fetchMock = stubApi(() =>
      json({ error: { code: 'conflict', message: `Nothing was applied. Line 2: ${message}.`, fields: { 'lines.1': message } } }, 409),
    );
    renderWithApp(<BatchSession />);
    await userEvent.click(screen.getByRole('radio', { name: 'Deliver' }));
    await scan('9780441172719');
    await scan('9780547928227');
    await userEvent.click(await screen.findByRole('button', { name: /^Commit: deliver 2 copies/ }));

    expect(await within(lineOf('The Hobbit')).findByRole('alert')).toHaveTextContent(message);
    expect(within(lineOf('Dune')).queryByRole('alert')).toBeNull();
    expect(lineOf('The Hobbit')).toHaveAccessibleDescription(message);
    const banner = screen.getByText(/^Nothing was applied\. 1 line cannot be applied/);
    expect(banner).toHaveFocus();
    // Said once: no toast repeats the banner.
    expect(screen.getAllByText(/Nothing was applied/)).toHaveLength(1);
    const [, init] = fetchMock.mock.calls.find(([input]) => input === '/api/stock/movements')!;
    expect(JSON.parse(init?.body as string)).toEqual({
      lines: [
        { bookId: dune._id, delta: -1 },
        { bookId: hobbit._id, delta: -1 },
      ],
    });
    expect(new Headers(init?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);

    // Corrected in place: the mark goes with the change, and the banner keeps the focus it had.
    await userEvent.click(screen.getByRole('button', { name: 'One copy more of The Hobbit' }));
    expect(within(lineOf('The Hobbit')).queryByRole('alert')).toBeNull();
  });

  it('does not commit while a line would take its stock below 0, and says which', async () => {
    const fetchMock = stubApi(() => json({ books: [] }));
    renderWithApp(<BatchSession />);
    await userEvent.click(screen.getByRole('radio', { name: 'Deliver' }));
    await scan('9780441172719');
    await scan('9780547928227');
    await userEvent.click(await screen.findByRole('button', { name: 'One copy more of The Hobbit' }));
    expect(within(lineOf('The Hobbit')).getByText(/Stock 1/)).toHaveTextContent('Stock 1 → -1');
    const commit = screen.getByRole('button', { name: /^Commit: deliver 3 copies/ });
    expect(commit).toBeDisabled();
    expect(commit).toHaveAccessibleDescription('Line 2 would take its stock below 0: lower the count or remove the line, then commit.');
    await userEvent.click(screen.getByRole('button', { name: 'One copy fewer of The Hobbit' }));
    expect(screen.getByRole('button', { name: /^Commit: deliver 2 copies/ })).toBeEnabled();
    expect(fetchMock.mock.calls.some(([input]) => input === '/api/stock/movements')).toBe(false);
  });

  it("puts the focus in the ISBN field on arrival, so a USB scanner's first code counts", async () => {
    stubApi(() => json({ books: [] }));
    renderWithApp(<BatchSession />);
    expect(screen.getByLabelText(/^ISBN to receive/)).toHaveFocus();
    await userEvent.keyboard('9780441172719{Enter}');
    expect(await within(lineOf('Dune')).findByText('1')).toBeInTheDocument();
  });

  it('on success says so, shows a summary from the answer and clears the list', async () => {
    stubApi(() => json({ books: [{ ...dune, stockQuantity: 7 }] }));
    renderWithApp(<BatchSession />);
    await scan('9780441172719');
    await scan('9780441172719');
    await userEvent.click(await screen.findByRole('button', { name: /^Commit: receive 2 copies/ }));
    expect(await screen.findByText('Received 2 copies of 1 book')).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: /Committed: received 2 copies/ });
    expect(summary).toHaveTextContent('Dune: +2, stock 5 → 7');
    expect(screen.queryByRole('listitem', { name: /Dune/ })).toBeNull();
    expect(screen.getByRole('button', { name: /^Commit/ })).toBeDisabled();
    // The next key is the next code, not lost on the page with the disabled Commit.
    expect(screen.getByLabelText(/^ISBN to receive/)).toHaveFocus();
  });

  // A dead spot: the browser says online, but the request gets no answer, or a proxy's for a server it cannot reach.
  it.each([
    ['no answer', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a 504 from a proxy', () => Promise.resolve(new Response('Gateway Timeout', { status: 504 }))],
  ])('at a dead spot (%s) queues the commit under the key it was sent with, and says so', async (spot, fail) => {
    const account = testAccount({ uid: `dead-spot-${spot}` });
    const fetchMock = stubApi(fail);
    setOfflineAccount(account.uid, true);
    renderWithApp(<BatchSession />, { account });
    await scan('9780441172719');
    await scan('9780441172719');
    await userEvent.click(await screen.findByRole('button', { name: /^Commit: receive 2 copies/ }));

    expect(await screen.findByText('Saved on this phone; it will be sent when the network is back.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('listitem', { name: /Dune/ })).toBeNull();
    const sentKey = new Headers(fetchMock.mock.calls.find(([input]) => input === '/api/stock/movements')![1]?.headers).get(
      'Idempotency-Key',
    );
    const queued = (await intentStore.all()).filter((intent) => intent.accountUid === account.uid);
    expect(queued).toMatchObject([
      { kind: 'movements', idempotencyKey: sentKey, state: 'queued', body: { lines: [{ bookId: dune._id, delta: 2 }] } },
    ]);
    setOfflineAccount(undefined, false);
  });
});

describe('BatchSession locations', () => {
  const receiving = testLocation({ _id: '64c000000000000000000001', code: 'RECEIVING', name: 'Receiving' });
  const shelf = testLocation({ _id: '64c000000000000000000003', code: 'B-03', name: 'Shelf B-03' });
  const locations = [receiving, shelf];
  const sentLines = (fetchMock: ReturnType<typeof stubApi>) => {
    const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/stock/movements'));
    return (JSON.parse(call![1]!.body as string) as { lines: unknown[] }).lines;
  };

  it('receives each line into its own location, its book’s default proposed, or one chosen on the line', async () => {
    const withDefault = { ...dune, defaultLocationId: shelf._id };
    byIsbn.set(dune.isbn!, withDefault);
    const fetchMock = stubApi(() => json({ books: [withDefault, hobbit] }));
    try {
      renderWithApp(<BatchSession locations={locations} />);
      expect(screen.getByRole('combobox', { name: 'Receive into' })).toHaveDisplayValue("Each book's own location (choose per line)");
      await scan(dune.isbn!);
      await scan(hobbit.isbn!);
      expect(await within(lineOf('Dune')).findByRole('combobox', { name: 'Receive Dune into' })).toHaveValue(shelf._id);
      const hobbitInto = within(lineOf('The Hobbit')).getByRole('combobox', { name: 'Receive The Hobbit into' });
      expect(hobbitInto).toHaveValue(receiving._id);
      await userEvent.selectOptions(hobbitInto, shelf._id);
      await userEvent.click(screen.getByRole('button', { name: /^Commit/ }));
      await screen.findByRole('heading', { name: /^Committed/ });
      expect(sentLines(fetchMock)).toEqual([
        { bookId: dune._id, delta: 1 },
        { bookId: hobbit._id, delta: 1, locationId: shelf._id },
      ]);
    } finally {
      byIsbn.set(dune.isbn!, dune);
    }
  });

  it('starts at the location it is given (?location=) and receives every line there; a delivery names none', async () => {
    const fetchMock = stubApi(() => json({ books: [dune] }));
    renderWithApp(<BatchSession locations={locations} locationId={shelf._id} />);
    expect(screen.getByRole('combobox', { name: 'Receive into' })).toHaveDisplayValue('B-03 — Shelf B-03');
    await scan(dune.isbn!);
    expect(await within(lineOf('Dune')).findByText('1')).toBeInTheDocument();
    expect(within(lineOf('Dune')).queryByRole('combobox')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /^Commit/ }));
    await screen.findByRole('heading', { name: /^Committed/ });
    expect(sentLines(fetchMock)).toEqual([{ bookId: dune._id, delta: 1, locationId: shelf._id }]);

    await userEvent.click(screen.getByRole('radio', { name: 'Deliver' }));
    expect(screen.queryByRole('combobox', { name: 'Receive into' })).toBeNull();
  });
});
