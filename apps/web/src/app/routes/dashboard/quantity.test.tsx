import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { testAccount, testLocation } from '../../../test/fixtures';
import { json, renderWithApp, stubFetch } from '../../../test/render-with-app';
import { QuantityPage } from './quantity';

const shelf = testLocation({ _id: '64c000000000000000000001', code: 'B-03-2' });

afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

/** The quantity page, its 'Scan a book' reader open; only B-03-2 is a location's code. */
async function openScanner() {
  stubFetch((url) => json(url.searchParams.get('code') === 'B-03-2' ? [shelf] : []));
  const view = renderWithApp(<QuantityPage />, {
    path: paths.dashboard.quantity,
    account: testAccount({ role: 'staff' }),
    routes: [{ path: paths.dashboard.locationPattern, element: <p>Location page</p> }],
  });
  await userEvent.click(screen.getByRole('button', { name: 'Scan a book' }));
  return view;
}

const scan = (code: string) => userEvent.type(screen.getByLabelText(/^ISBN \(type it/), `${code}{Enter}`);

describe('QuantityPage, scanning', () => {
  it('searches for a scanned ISBN', async () => {
    await openScanner();
    await scan('978-0-441-17271-9');
    expect(screen.getByRole('searchbox', { name: 'Find a book to update' })).toHaveValue('9780441172719');
  });

  it('opens a location whose label is scanned', async () => {
    const { router } = await openScanner();
    await scan('B-03-2');
    expect(await screen.findByText('Location page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.dashboard.location(shelf._id));
  });

  it('says so when no book or location has the scanned code, and stays', async () => {
    const { router } = await openScanner();
    await scan('NOPE-1');
    expect(await screen.findByText('No book or location has the code NOPE-1.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.dashboard.quantity);
  });

  it('opens a location whose label a scanner types into the search box, and searches any other text', async () => {
    const { router } = await openScanner();
    const box = screen.getByRole('searchbox', { name: 'Find a book to update' });
    await userEvent.type(box, 'dune{Enter}');
    expect(router.state.location.pathname).toBe(paths.dashboard.quantity);
    await userEvent.clear(box);
    await userEvent.type(box, 'B-03-2{Enter}');
    expect(await screen.findByText('Location page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.dashboard.location(shelf._id));
  });
});
