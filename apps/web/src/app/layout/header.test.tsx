import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { renderWithApp } from '../../test/render-with-app';
import { Header } from './header';

describe('Header', () => {
  it('names the page in its band and in the tab, from the one table, and follows a navigation', async () => {
    const { router } = renderWithApp(<Header />, { path: '*', url: paths.dashboard.manageItems });
    expect(screen.getByRole('region', { name: 'Where you are' })).toHaveTextContent('Manage Items');
    await waitFor(() => expect(document.title).toBe('Manage Items · Book Warehouse'));
    await router.navigate(paths.dashboard.batch);
    await waitFor(() => expect(document.title).toBe('Batch Receive/Deliver · Book Warehouse'));
    expect(screen.getByRole('region', { name: 'Where you are' })).toHaveTextContent('Batch Receive/Deliver');
  });
});
