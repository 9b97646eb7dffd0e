import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { testAccount, testLocation } from '../../../test/fixtures';
import { json, renderWithApp, stubFetch } from '../../../test/render-with-app';
import { DashboardLayout } from './layout';

afterEach(() => vi.unstubAllGlobals());

/** The layout at `url`, its page a plain marker. */
function renderAt(url: string) {
  stubFetch(() => json([]));
  renderWithApp(<DashboardLayout />, {
    path: `${paths.dashboard.root}/*`,
    url,
    account: testAccount({ role: 'staff' }),
  });
}

describe('DashboardLayout', () => {
  it.each([paths.dashboard.root, paths.dashboard.history, paths.dashboard.chart])('offers the dashboard search box on %s', (url) => {
    renderAt(url);
    expect(screen.getByRole('searchbox', { name: 'Search books' })).toBeInTheDocument();
  });

  it.each([paths.dashboard.manageItems, paths.dashboard.manageItem('64b000000000000000000001'), paths.dashboard.quantity])(
    'leaves it out on %s, whose own box finds books',
    (url) => {
      renderAt(url);
      expect(screen.queryByRole('searchbox', { name: 'Search books' })).not.toBeInTheDocument();
    },
  );

  it('opens a location whose label is scanned into the search box; an ISBN is searched without asking', async () => {
    const shelf = testLocation({ _id: '64c000000000000000000001', code: 'B-03-2' });
    const fetchMock = stubFetch((url) => json(url.searchParams.get('code') === 'B-03-2' ? [shelf] : []));
    const { router } = renderWithApp(<DashboardLayout />, {
      path: `${paths.dashboard.root}/*`,
      url: paths.dashboard.history,
      account: testAccount({ role: 'staff' }),
    });
    const box = screen.getByRole('searchbox', { name: 'Search books' });
    await userEvent.type(box, 'B-03-2{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.location(shelf._id)));
    await userEvent.type(box, '9780441172719{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.search('9780441172719')));
    expect(fetchMock.mock.calls.filter(([input]) => input.startsWith('/api/locations'))).toHaveLength(1);
  });
});
