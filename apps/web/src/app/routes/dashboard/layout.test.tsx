import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { testAccount } from '../../../test/fixtures';
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
});
