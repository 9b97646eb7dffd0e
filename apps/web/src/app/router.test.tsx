import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from 'firebase/auth';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ConfirmProvider } from '../components/ui/confirm-dialog';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../config/paths';
import { json, stubFetch } from '../test/render-with-app';
import { routes } from './router';

// Two pages that throw while rendering, as a bug or a stale chunk would make them.
vi.mock('./routes/about', () => ({
  AboutPage: () => {
    throw new Error('The about page broke');
  },
}));
vi.mock('./routes/dashboard/chart', () => ({
  ChartPage: () => {
    throw new Error('The chart broke');
  },
}));
// A signed-in session, so the dashboard's guard lets the visit through.
vi.mock('../lib/auth', async (original) => ({
  ...(await original<typeof import('../lib/auth')>()),
  useAuth: () => ({ user: { email: 'ada@example.com', displayName: 'Ada' } as User, ready: true }),
}));

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {/* The app's providers (app/providers.tsx) hold the router; the header asks through their confirm dialog. */}
      <ConfirmProvider>
        <RouterProvider router={router} />
      </ConfirmProvider>
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  // React reports the error it caught; the page is what this test reads.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  stubFetch((url) => json(url.pathname === '/api/reviewCount' ? { count: 0 } : []));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a route whose page throws', () => {
  it('says so in plain words inside the header and footer, and offers a reload and the way home', async () => {
    const router = renderAt(paths.about);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This page could not be shown');
    expect(alert).toHaveTextContent('Details: The about page broke');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Back to home' }));
    expect(router.state.location.pathname).toBe(paths.home);
    expect(await screen.findByRole('heading', { name: 'Inventory' })).toBeInTheDocument();
    expect(screen.queryByText('This page could not be shown')).not.toBeInTheDocument();
  });

  it('keeps the dashboard menu when a dashboard page fails', async () => {
    renderAt(paths.dashboard.chart);
    expect(await screen.findByRole('alert')).toHaveTextContent('Details: The chart broke');
    expect(screen.getByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });
});
