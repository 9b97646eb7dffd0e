import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { testBook } from '../../../test/fixtures';
import { json, renderWithApp, stubFetch } from '../../../test/render-with-app';
import { LowStockPreview } from './low-stock-preview';

afterEach(() => vi.unstubAllGlobals());

const low = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    ...testBook({ _id: `64b0000000000000000000${String(i + 10)}`, bookName: `Low ${i + 1}`, stockQuantity: 1, reorderPoint: 9 - i }),
    shortage: 8 - i,
    onOrder: 0,
    toOrder: 8,
  }));

describe('LowStockPreview', () => {
  it('says how many of the low books it shows, and links to them all', async () => {
    stubFetch(() => json(low(6)));
    renderWithApp(<LowStockPreview />);
    expect(await screen.findByText('Showing 5 of 6')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByRole('link', { name: 'All low-stock books' })).toHaveAttribute('href', `${paths.dashboard.manageItems}?stock=low`);
  });

  it('says so when no book is low', async () => {
    stubFetch(() => json([]));
    renderWithApp(<LowStockPreview />);
    expect(await screen.findByText('No book is at or below its reorder point.')).toBeInTheDocument();
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
  });
});
