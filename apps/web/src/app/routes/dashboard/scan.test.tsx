import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { testAccount, testBook, testLocation } from '../../../test/fixtures';
import { json, renderWithApp, stubFetch } from '../../../test/render-with-app';
import { ScanPage } from './scan';

const ISBN = '9780441172719';
const staff = testAccount({ role: 'staff' });

afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

/** The API as the Scan page sees it: the book's stock is `stock()` at each look-up; a restock answers 8. */
function stubBook(stock: () => number) {
  return stubFetch((url) => {
    if (url.pathname === '/api/books') return json([testBook({ isbn: ISBN, stockQuantity: stock() })]);
    // The receive form's location choice.
    if (url.pathname === '/api/locations') return json([]);
    return json(testBook({ isbn: ISBN, stockQuantity: 8 }));
  });
}

const isbnField = () => screen.getByLabelText(/^ISBN \(type it/);

describe('ScanPage', () => {
  it('has the focus in the ISBN field on arrival, where a USB scanner types', async () => {
    stubBook(() => 5);
    renderWithApp(<ScanPage />, { path: paths.dashboard.scan, account: staff });
    expect(isbnField()).toHaveFocus();
    await userEvent.keyboard(`${ISBN}{Enter}`);
    expect(await screen.findByText('Found Dune: 5 in stock.')).toBeInTheDocument();
  });

  it('reads a book scanned again afresh and says so, counting nothing', async () => {
    let stock = 5;
    const fetchMock = stubBook(() => stock);
    renderWithApp(<ScanPage />, { path: paths.dashboard.scan, account: staff });
    await userEvent.keyboard(`${ISBN}{Enter}`);
    const card = await screen.findByRole('article', { name: 'Dune' });
    stock = 6; // Someone received a copy meanwhile.
    await userEvent.keyboard(`${ISBN}{Enter}`);
    expect(await screen.findByText(/^Dune scanned twice: read again, 6 in stock\./)).toBeInTheDocument();
    expect(await within(card).findByText('Stock: 6')).toBeInTheDocument();
    await userEvent.keyboard(`${ISBN}{Enter}`);
    expect(await screen.findByText(/^Dune scanned 3 times/)).toBeInTheDocument();
    // A look-up only: every call was a read, and no book was asked for but by its ISBN.
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
    expect(
      fetchMock.mock.calls.filter(([input]) => input.startsWith('/api/book')).every(([input]) => input.startsWith('/api/books?')),
    ).toBe(true);
  });

  it('puts the focus back in the ISBN field after a receipt, for the next book', async () => {
    stubBook(() => 5);
    renderWithApp(<ScanPage />, { path: paths.dashboard.scan, account: staff });
    await userEvent.keyboard(`${ISBN}{Enter}`);
    const card = await screen.findByRole('article', { name: 'Dune' });
    await userEvent.type(within(card).getByLabelText('Amount of Dune'), '3');
    await userEvent.click(within(card).getByRole('button', { name: 'Add quantity' }));
    expect(await screen.findByText('Books Quantity added successfully!!!')).toBeInTheDocument();
    expect(isbnField()).toHaveFocus();
  });

  it('opens a location whose label is scanned, and says when nothing has the code', async () => {
    const shelf = testLocation({ _id: '64c000000000000000000001', code: 'B-03-2' });
    stubFetch((url) => json(url.searchParams.get('code') === 'B-03-2' ? [shelf] : []));
    const { router } = renderWithApp(<ScanPage />, {
      path: paths.dashboard.scan,
      account: staff,
      routes: [{ path: paths.dashboard.locationPattern, element: <p>Location page</p> }],
    });
    await userEvent.keyboard('NOPE-1{Enter}');
    expect(await screen.findByText('No book or location has the code NOPE-1.')).toBeInTheDocument();
    await userEvent.keyboard('B-03-2{Enter}');
    expect(await screen.findByText('Location page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.dashboard.location(shelf._id));
  });
});
