import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { renderWithApp } from '../../../test/render-with-app';
import { DashboardSearch } from './dashboard-search';

const searchRoute = { path: paths.dashboard.searchPattern, element: <p>results</p> };

describe('DashboardSearch', () => {
  it('opens /dashboard/search/{text} once typing pauses', async () => {
    const { router } = renderWithApp(<DashboardSearch />, { path: paths.dashboard.root, routes: [searchRoute] });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search books' }), 'dune messiah');
    expect(await screen.findByText('results')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`${paths.dashboard.search('')}dune%20messiah`);
  });

  it('does nothing for empty text', async () => {
    const { router } = renderWithApp(<DashboardSearch />, { path: paths.dashboard.root, routes: [searchRoute] });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search books' }), '   {Enter}');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(router.state.location.pathname).toBe(paths.dashboard.root);
  });

  it('on Enter opens what a scanned code names instead of searching it, and searches any other text', async () => {
    const openCode = vi.fn((text: string) => Promise.resolve(text === 'B-03-2'));
    const { router } = renderWithApp(<DashboardSearch openCode={openCode} />, { path: paths.dashboard.root, routes: [searchRoute] });
    const box = screen.getByRole('searchbox', { name: 'Search books' });
    await userEvent.type(box, 'B-03-2{Enter}');
    await waitFor(() => expect(box).toHaveValue(''));
    expect(openCode).toHaveBeenCalledWith('B-03-2');
    expect(router.state.location.pathname).toBe(paths.dashboard.root);
    await userEvent.type(box, 'dune{Enter}');
    expect(await screen.findByText('results')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.dashboard.search('dune'));
  });

  it('is not shown on the quantity screen, which has its own search box', () => {
    renderWithApp(<DashboardSearch />, { path: paths.dashboard.quantity });
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });
});

describe('DashboardSearch, leaving and clearing', () => {
  it('goes back to where the search started when cleared, and is empty there', async () => {
    const { router } = renderWithApp(<DashboardSearch />, {
      path: paths.dashboard.history,
      routes: [{ path: paths.dashboard.searchPattern, element: <DashboardSearch /> }],
    });
    const box = () => screen.getByRole('searchbox', { name: 'Search books' });
    await userEvent.type(box(), 'dune');
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.search('dune')));
    expect(box()).toHaveValue('dune');
    await userEvent.clear(box());
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.history));
    expect(box()).toHaveValue('');
  });
});
