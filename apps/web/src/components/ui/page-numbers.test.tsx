import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PageNumbers } from './page-numbers';

function renderPages(page: number, total: number) {
  const onPage = vi.fn();
  const onPageSize = vi.fn();
  const { unmount } = render(
    <PageNumbers label="Book pages" page={page} pageSize={20} total={total} pageSizes={[20, 50]} onPage={onPage} onPageSize={onPageSize} />,
  );
  const nav = screen.getByRole('navigation', { name: 'Book pages' });
  /** What the list shows, in order, with … for a gap (hidden from screen readers, which hear the page names). */
  const shown = () => [...nav.querySelectorAll('li')].map((item) => item.textContent);
  return { nav, shown, onPage, onPageSize, unmount };
}

describe('PageNumbers', () => {
  it('offers the first, the last and two pages either side of the current one, the current marked', () => {
    const { nav, shown } = renderPages(24, 1_000_000);
    expect(shown()).toEqual(['Previous', '1', '…', '23', '24', '25', '26', '27', '…', '50000', 'Next']);
    expect(within(nav).getByRole('button', { current: 'page' })).toHaveAccessibleName('Page 25');
  });

  it('asks for the page before, a page by its number, and the page after (the caller decides how to read it)', async () => {
    const { nav, onPage } = renderPages(3, 200);
    await userEvent.click(within(nav).getByRole('button', { name: 'Previous' }));
    await userEvent.click(within(nav).getByRole('button', { name: 'Page 10' }));
    await userEvent.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(onPage.mock.calls).toEqual([[2], [9], [4]]);
  });

  it('has no Previous on the first page and no Next on the last', () => {
    const first = renderPages(0, 45);
    expect(within(first.nav).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(first.nav).getByRole('button', { name: 'Next' })).toBeEnabled();
    first.unmount();
    const last = renderPages(2, 45);
    expect(within(last.nav).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(last.shown()).toEqual(['Previous', '1', '2', '3', 'Next']);
  });

  it('changes the page size', async () => {
    const { onPageSize } = renderPages(0, 45);
    await userEvent.selectOptions(screen.getByLabelText('Rows per page'), '50');
    expect(onPageSize).toHaveBeenCalledWith(50);
  });
});
