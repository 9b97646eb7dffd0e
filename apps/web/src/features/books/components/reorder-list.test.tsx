import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contact } from '../../../config/contact';
import { paths } from '../../../config/paths';
import { testBook } from '../../../test/fixtures';
import { json, renderWithApp, stubFetch } from '../../../test/render-with-app';
import { ReorderList } from './reorder-list';

const lines = [
  {
    ...testBook({ _id: '64b000000000000000000011', bookName: 'Dune', stockQuantity: 1, reorderPoint: 6, isbn: '9780441013593' }),
    shortage: 5,
    onOrder: 4,
    toOrder: 7,
  },
  {
    ...testBook({ _id: '64b000000000000000000012', bookName: 'Emma', stockQuantity: 2, reorderPoint: 3 }),
    shortage: 1,
    onOrder: 0,
    toOrder: 4,
  },
];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ReorderList', () => {
  it('lists the low books in the order the server gives (largest shortage first), each linking to its book, with what is on order and to order', async () => {
    const fetchMock = stubFetch(() => json(lines));
    renderWithApp(<ReorderList />);
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['Dune', 'Emma']);
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', paths.dashboard.manageItem(lines[0]!._id));
    expect(rows[0]).toHaveTextContent('978-0-441-01359-3');
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([expect.stringContaining('Dune'), '1', '6', '5', '4', '7']);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/reorder');
  });

  it('says the books a blind count is counting are left out, and lists the others', async () => {
    stubFetch(
      () =>
        new Response(JSON.stringify([lines[1]]), {
          headers: { 'Content-Type': 'application/json', 'X-Stock-Hidden': 'Hidden during a blind count' },
        }),
    );
    renderWithApp(<ReorderList />);
    expect(await screen.findByRole('note')).toHaveTextContent(
      'Hidden during a blind count: the books being counted are left out until counting stops.',
    );
    expect((await screen.findAllByRole('row')).slice(1).map((row) => within(row).getByRole('link').textContent)).toEqual(['Emma']);
  });

  it('says so when no book is low', async () => {
    stubFetch(() => json([]));
    renderWithApp(<ReorderList />);
    expect(await screen.findByText('No book is at or below its reorder point.')).toBeInTheDocument();
  });

  it('prints the page and downloads the CSV', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    // jsdom has no object URLs and does not download.
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:reorder'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const fetchMock = stubFetch((url) => (url.pathname.endsWith('.csv') ? new Response('\ufeffbookName\r\nDune\r\n') : json(lines)));
    renderWithApp(<ReorderList />);
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain('/api/reorder/export.csv');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('reorder.csv');
  });

  it('heads the printed list with its name, the warehouse and the date', async () => {
    stubFetch(() => json(lines));
    renderWithApp(<ReorderList />);
    const heading = await screen.findByRole('heading', { name: 'Reorder list' });
    const header = heading.closest('header')!;
    expect(header).toHaveClass('hidden', 'print:block');
    expect(header).toHaveTextContent(contact.name);
    expect(header).toHaveTextContent(new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(new Date()));
  });
});
