import type { StockChart } from '@book-warehouse/types';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { StockCharts } from './stock-charts';

const chart: StockChart = {
  totals: { products: 5, quantity: 12, price: 5_200_000.5, lowStock: 1, outOfStock: 1, costValue: 3_100_000.25, uncosted: 0 },
  categories: [
    { category: 'Science and the Philosophy of Nature', books: 2, copies: 7, value: 5_100_000 },
    { category: 'Fiction', books: 1, copies: 3, value: 99_000 },
  ],
  otherCategories: { categories: 2, books: 2, copies: 2, value: 1000.5 },
  leastStocked: [
    { _id: '64b000000000000000000001', bookName: 'Dune', stockQuantity: 0 },
    { _id: '64b000000000000000000002', bookName: 'Emma', stockQuantity: 4 },
  ],
  overTime: [
    { time: '2026-11-27T08:00:00.000Z', task: 'Added', bookName: 'Dune', copies: 14, value: 5_200_010.5, costValue: 3_100_006.25 },
    {
      time: '2026-11-27T09:00:00.000Z',
      task: 'Deleverd 2 Quantity',
      bookName: 'Dune',
      copies: 12,
      value: 5_200_000.5,
      costValue: 3_100_000.25,
    },
  ],
  olderChangesLeftOut: false,
};

const figure = (name: string) => screen.getByRole('figure', { name });

describe('StockCharts', () => {
  it('shows the totals of every book, as the dashboard tiles count them', () => {
    render(<StockCharts chart={chart} />);
    const totals = within(screen.getByLabelText('Totals'));
    expect(totals.getByText('Stock value').nextSibling).toHaveTextContent('$5,200,000.50');
    expect(totals.getByText('Value at cost').nextSibling).toHaveTextContent('$3,100,000.25');
    expect(totals.getByText('Copies').nextSibling).toHaveTextContent('12');
    expect(totals.getByText('Books').nextSibling).toHaveTextContent('5');
  });

  it('tables each category, the folded others and a total equal to the tiles', async () => {
    render(<StockCharts chart={chart} />);
    const card = figure('Stock by category');
    await userEvent.click(within(card).getByText('Show the data as a table'));
    const rows = within(card)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows.slice(1)).toEqual([
      ['Science and the Philosophy of Nature', '2', '7', '$5,100,000.00'],
      ['Fiction', '1', '3', '$99,000.00'],
      ['Other (2 categories)', '2', '2', '$1,000.50'],
      ['5', '12', '$5,200,000.50'],
    ]);
    expect(within(card).getByRole('rowheader', { name: 'Total' })).toBeInTheDocument();
    // Copies instead of value, by the radio.
    await userEvent.click(within(card).getByRole('radio', { name: 'Copies' }));
    expect(within(card).getByRole('radio', { name: 'Copies' })).toBeChecked();
  });

  it('lists each change of the history with its task and book, the last one at the totals, at price and at cost', async () => {
    render(<StockCharts chart={chart} />);
    const card = figure('Stock value and total copies over time');
    await userEvent.click(within(card).getByText('Show the data as a table'));
    const last = within(card).getAllByRole('row').at(-1)!;
    expect(last).toHaveTextContent('Deleverd 2 Quantity · Dune');
    expect(last).toHaveTextContent('$5,200,000.50');
    expect(last).toHaveTextContent('$3,100,000.25');
  });

  it('says when no stock or price has changed', () => {
    render(<StockCharts chart={{ ...chart, overTime: [] }} />);
    expect(within(figure('Stock value and total copies over time')).getByText('No stock or price has changed yet.')).toBeInTheDocument();
  });

  it('says when older changes are left out', () => {
    render(<StockCharts chart={{ ...chart, olderChangesLeftOut: true }} />);
    expect(screen.getByText('From the latest 2 changes; older ones are not shown.')).toBeInTheDocument();
  });
});
