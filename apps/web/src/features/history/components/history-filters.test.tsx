import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { HistoryFilters } from '../filters';
import { HistoryFiltersForm } from './history-filters';

const none: HistoryFilters = { signIns: false, page: 0 };

describe('HistoryFiltersForm', () => {
  it('folds behind a Filters button, for a phone, that opens and closes the form', async () => {
    render(<HistoryFiltersForm filters={none} onChange={vi.fn()} />);
    const button = screen.getByRole('button', { name: 'Filters' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(button.getAttribute('aria-controls')!);
    expect(panel).toContainElement(screen.getByRole('search', { name: 'Filter the history' }));
    expect(panel).toHaveClass('max-sm:hidden');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(panel).not.toHaveClass('max-sm:hidden');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('counts the active filters on the button', () => {
    render(<HistoryFiltersForm filters={{ ...none, action: 'price', email: 'ada@example.com', from: '2026-11-01' }} onChange={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Filters 3 active' })).toBeInTheDocument();
  });
});
