import { HIDDEN_DURING_BLIND_COUNT, hiddenStats } from '@book-warehouse/types';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithApp, stubFetch } from '../../../test/render-with-app';
import { StatTiles } from './stat-tiles';

const tile = (label: string) => screen.getByText(label).closest('div')!;

afterEach(() => vi.unstubAllGlobals());

describe('StatTiles', () => {
  it('shows the figures a blind count hides as Hidden with the reason, never as 0, and their lists as no links', async () => {
    stubFetch(() => json(hiddenStats({ products: 12 })));
    renderWithApp(<StatTiles />);
    expect(await screen.findByRole('note')).toHaveTextContent(
      `${HIDDEN_DURING_BLIND_COUNT}: the stock figures show again when counting stops.`,
    );
    expect(within(tile('Products')).getByText('12', { selector: '.sr-only' })).toBeInTheDocument();
    for (const label of ['Quantity', 'Price', 'Stock value at cost', 'Low stock', 'Out of stock']) {
      expect(within(tile(label)).queryByText(/^\$?0/)).toBeNull();
      expect(within(tile(label)).getByText('Hidden', { selector: '.sr-only' })).toBeInTheDocument();
    }
    expect(screen.queryByRole('link', { name: 'Low stock' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Out of stock' })).toBeNull();
  });

  it('shows every figure and links the low and out-of-stock books otherwise', async () => {
    stubFetch(() => json({ products: 3, quantity: 9, price: 45, lowStock: 1, outOfStock: 0, costValue: 20, uncosted: 0 }));
    renderWithApp(<StatTiles />);
    expect(await within(tile('Quantity')).findByText('9', { selector: '.sr-only' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Low stock' })).toBeInTheDocument();
    expect(screen.queryByRole('note')).toBeNull();
  });
});
