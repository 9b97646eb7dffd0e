import { HIDDEN_DURING_BLIND_COUNT, STOCK_HIDDEN_HEADER, TOTAL_QUANTITY_HEADER, type LocationStockItem } from '@book-warehouse/types';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubFetch } from '../../../test/render-with-app';
import { LocationStockTable } from './location-stock-table';

const row: LocationStockItem = {
  bookId: '64b000000000000000000011',
  bookName: 'Dune',
  author: 'Frank Herbert',
  locationId: '64b000000000000000000021',
  code: 'A-2',
  name: 'Shelf A-2',
  quantity: 3,
};
const page = (headers: Record<string, string>) =>
  new Response(JSON.stringify([row]), { headers: { 'Content-Type': 'application/json', 'X-Total-Count': '1', ...headers } });

afterEach(() => vi.unstubAllGlobals());

describe('LocationStockTable', () => {
  it('says the total of copies', async () => {
    stubFetch(() => page({ [TOTAL_QUANTITY_HEADER]: '3' }));
    renderWithApp(<LocationStockTable locationId="64b000000000000000000020" code="A" />);
    expect(await screen.findByText('3 copies in 1 row')).toBeInTheDocument();
  });

  it('says the total is hidden, and why, while a blind count is counting beneath, rather than a figure', async () => {
    stubFetch(() => page({ [STOCK_HIDDEN_HEADER]: HIDDEN_DURING_BLIND_COUNT }));
    renderWithApp(<LocationStockTable locationId="64b000000000000000000020" code="A" />);
    expect(
      await screen.findByText(`Copies hidden (${HIDDEN_DURING_BLIND_COUNT}) in 1 row; the rows counted are left out`),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^0 copies/)).not.toBeInTheDocument();
  });
});
