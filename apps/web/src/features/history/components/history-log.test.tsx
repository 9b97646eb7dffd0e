import type { HistoryEntry } from '@book-warehouse/types';
import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { testAccount } from '../../../test/fixtures';
import { json, renderWithApp, stubFetch } from '../../../test/render-with-app';
import { HistoryLog } from './history-log';

const bookId = '64b00000000000000000000a';
const entry = (overrides: Partial<HistoryEntry>): HistoryEntry => ({
  _id: '64c000000000000000000001',
  email: 'ada@example.com',
  bookName: 'Dune',
  task: 'Updated',
  time: '11/23/2026, 10:00:00 AM',
  createdAt: '2026-11-23T10:00:00.000Z',
  bookId,
  ...overrides,
});

const priceChange = entry({
  _id: '64c000000000000000000002',
  task: 'Price Updated to 14.5',
  changes: [{ field: 'price', from: 12, to: 14.5 }],
});
const delivery = entry({
  _id: '64c000000000000000000003',
  task: 'Added 3 Quantity',
  changes: [{ field: 'stockQuantity', from: 5, to: 8 }],
  undoneBy: '64c000000000000000000009',
});
const signIn = entry({ _id: '64c000000000000000000004', task: 'Login', bookName: 'Ada', bookId: undefined });

const page = (entries: HistoryEntry[], total?: number) =>
  new Response(JSON.stringify(entries), {
    headers: { 'Content-Type': 'application/json', ...(total === undefined ? {} : { 'X-Total-Count': String(total) }) },
  });

const render = (url: string = paths.dashboard.history) =>
  renderWithApp(<HistoryLog />, { path: paths.dashboard.history, url, account: testAccount() });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  toast.dismiss();
});

describe('HistoryLog', () => {
  it('shows what each entry changed under its label, and a link to its book', async () => {
    stubFetch(() => page([priceChange, delivery]));
    render();
    const row = (await screen.findByText('Price Updated to 14.5')).closest('tr')!;
    expect(within(row).getByText('Price 12.00 -> 14.50')).toBeInTheDocument();
    expect(screen.getByText('Stock quantity 5 -> 8')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Dune' })).toHaveAttribute('href', paths.dashboard.manageItem(bookId));
  });

  it('folds the many changes of a new book behind a disclosure', async () => {
    const fields = ['bookName', 'author', 'price', 'stockQuantity', 'catagory'];
    const added = entry({ task: 'Added', changes: fields.map((field) => ({ field, from: null, to: 1 })) });
    stubFetch(() => page([added]));
    render();
    expect(await screen.findByText('5 fields')).toBeInTheDocument();
    expect(screen.getByText('5 fields').closest('details')).not.toHaveAttribute('open');
    expect(screen.getByText('Price (none) -> 1.00')).toBeInTheDocument();
  });

  it('asks the server for every kind but sign-ins by default, and for all with the toggle, which goes into the URL', async () => {
    const fetchMock = stubFetch((url) =>
      new URL(url, 'http://x').searchParams.get('action') ? page([priceChange], 30) : page([priceChange, signIn], 31),
    );
    const { router } = render();
    expect(await screen.findByText('Price Updated to 14.5')).toBeInTheDocument();
    expect(screen.queryByText('Login')).not.toBeInTheDocument();
    expect(new URL(String(fetchMock.mock.calls[0]![0]), 'http://x').searchParams.get('action')).toBe('all-but-signin');
    expect(screen.getByText('30 entries')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Show sign-ins'));
    expect(await screen.findByText('Login')).toBeInTheDocument();
    expect(screen.getByText('31 entries')).toBeInTheDocument();
    expect(new URL(String(fetchMock.mock.calls[1]![0]), 'http://x').searchParams.has('action')).toBe(false);
    expect(router.state.location.search).toBe('?signins=1');
    // A sign-in changes no book: nothing to undo.
    expect(screen.getByText('Login').closest('tr')).not.toHaveTextContent('Undo');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('reads its filters from the URL and sends them, dates as the local day', async () => {
    const fetchMock = stubFetch(() => page([priceChange], 1));
    render(
      `${paths.dashboard.history}?action=price&email=ada%40example.com&bookId=${bookId}&book=Dune&from=2026-11-01&to=2026-11-23&page=0`,
    );
    expect(await screen.findByText('1 entry')).toBeInTheDocument();
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://localhost');
    expect(url.pathname).toBe('/api/histories');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      action: 'price',
      email: 'ada@example.com',
      bookId,
      from: new Date('2026-11-01T00:00:00').toISOString(),
      to: new Date('2026-11-23T23:59:59.999').toISOString(),
      page: '0',
      limit: '25',
    });
    expect(screen.getByLabelText('Action')).toHaveValue('price');
    expect(screen.getByText('Book: Dune')).toBeInTheDocument();
  });

  it('filters by a chosen action and pages with the total', async () => {
    const fetchMock = stubFetch(() => page([priceChange], 60));
    const { router } = render(`${paths.dashboard.history}?action=price`);
    expect(await screen.findByText('60 entries')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(router.state.location.search).toBe('?action=price&page=1');
    await waitFor(() => expect(String(fetchMock.mock.calls.at(-1)![0])).toContain('page=1'));
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'deleted');
    expect(router.state.location.search).toBe('?action=deleted');
  });

  it('undoes an entry after confirming, with an Idempotency-Key, and shows Undone entries as such', async () => {
    const fetchMock = stubFetch((url, init) =>
      init?.method === 'POST'
        ? json({ entry: entry({ task: 'Undo: Price Updated to 14.5', undoes: priceChange._id }), book: null }, 201)
        : page([priceChange, delivery]),
    );
    render();
    const row = (await screen.findByText('Price Updated to 14.5')).closest('tr')!;
    expect(within(screen.getByText('Added 3 Quantity').closest('tr')!).getByText('Undone')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Undo Price Updated to 14.5 on Dune' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent("Undo 'Price Updated to 14.5' on Dune?");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Undone: Price Updated to 14.5')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(String(post[0])).toBe(`/api/histories/${priceChange._id}/undo`);
    expect((post[1]?.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("shows a refused undo's message as an error", async () => {
    stubFetch((url, init) =>
      init?.method === 'POST'
        ? json({ error: { code: 'conflict', message: 'price changed since: it is 16, not 14.5', fields: { price: 'changed since' } } }, 409)
        : page([priceChange]),
    );
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Undo Price Updated to 14.5 on Dune' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('price changed since: it is 16, not 14.5');
  });

  it('exports the filtered log as CSV with the token-bearing fetch, saved as a file', async () => {
    // jsdom has no object URLs and does not download.
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:history'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const fetchMock = stubFetch((url) =>
      url.pathname.endsWith('.csv')
        ? new Response('\ufeffemail,task\r\n', {
            headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="history-2026.csv"' },
          })
        : page([priceChange]),
    );
    render(`${paths.dashboard.history}?action=price`);
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const csvCall = fetchMock.mock.calls.find(([input]) => String(input).includes('export.csv'))!;
    expect(String(csvCall[0])).toBe('/api/histories/export.csv?action=price');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('history-2026.csv');
  });

  it("shows the export's progress, rows of those announced, until the file is saved", async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:history'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const encode = (text: string) => new TextEncoder().encode(text);
    let body!: ReadableStreamDefaultController<Uint8Array>;
    stubFetch((url) =>
      url.pathname.endsWith('.csv')
        ? new Response(
            new ReadableStream<Uint8Array>({
              start(controller) {
                body = controller;
                controller.enqueue(encode('\ufeffemail,task\r\na@example.com,Added\r\n'));
              },
            }),
            { headers: { 'Content-Type': 'text/csv', 'X-Total-Count': '3' } },
          )
        : page([priceChange]),
    );
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    const bar = await screen.findByRole('progressbar', { name: 'Downloading the export' });
    expect(bar).toHaveAttribute('max', '3');
    expect(screen.getByText('1 of 3 rows', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exporting…' })).toBeDisabled();

    body.enqueue(encode('b@example.com,Added\r\nc@example.com,Added\r\n'));
    body.close();
    await waitFor(() => expect(click).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });
});
