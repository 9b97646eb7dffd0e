import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { testAccount, testBook, testLocation } from '../../../test/fixtures';
import { json, renderWithApp, stubFetch } from '../../../test/render-with-app';
import { BatchPage } from './batch';

const ISBN = '9780441172719';
const dune = testBook({ isbn: ISBN, stockQuantity: 5 });
const shelf = testLocation({ _id: '64c000000000000000000001', code: 'B-03-2' });

afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

/** The batch page of a staff member: Dune has ISBN; B-03-2 is a location's code. Answers the fetch mock. */
function renderBatch() {
  const fetchMock = stubFetch((url) => {
    if (url.pathname === '/api/books') return json(url.searchParams.get('isbn') === ISBN ? [dune] : []);
    const code = url.searchParams.get('code');
    return json(code === null || code === 'B-03-2' ? [shelf] : []);
  });
  const view = renderWithApp(<BatchPage />, {
    path: paths.dashboard.batch,
    account: testAccount({ role: 'staff' }),
    routes: [{ path: paths.dashboard.locationPattern, element: <p>Location page</p> }],
  });
  return { ...view, fetchMock };
}

const scan = async (code: string) => {
  const field = screen.getByLabelText(/^ISBN to/);
  await userEvent.clear(field);
  await userEvent.type(field, `${code}{Enter}`);
};

describe('BatchPage, scanning a location', () => {
  it('opens a scanned location at once while no line waits to be committed', async () => {
    const { router } = renderBatch();
    await scan('B-03-2');
    expect(await screen.findByText('Location page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.dashboard.location(shelf._id));
  });

  it('asks first when lines are not committed: Cancel keeps them, Open it opens the location', async () => {
    const { router, fetchMock } = renderBatch();
    await scan(ISBN);
    const line = await screen.findByRole('listitem', { name: /Dune/ });
    await scan('B-03-2');
    const dialog = await screen.findByRole('alertdialog', { name: 'Open location B-03-2?' });
    expect(dialog).toHaveAccessibleDescription('The 1 line of this batch will be lost: nothing was committed.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Location B-03-2 was not opened.')).toBeInTheDocument();
    expect(line).toBeInTheDocument();
    expect(within(line).getByLabelText('Copies of Dune')).toHaveTextContent('1');

    await scan('B-03-2');
    await userEvent.click(await screen.findByRole('button', { name: 'Open it' }));
    expect(await screen.findByText('Location page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.dashboard.location(shelf._id));
    // Nothing was committed on the way.
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });

  it('says so when no book or location has the scanned code, and keeps the lines', async () => {
    renderBatch();
    await scan(ISBN);
    const line = await screen.findByRole('listitem', { name: /Dune/ });
    await scan('NOPE-1');
    expect(await screen.findByText('No book or location has the code NOPE-1.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(line).toBeInTheDocument();
  });
});
