import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PageNumbers } from './page-numbers';

function renderPages(page: number, total: number, canOpen?: (page: number) => boolean) {
  const onPage = vi.fn();
  const onPageSize = vi.fn();
  const { unmount } = render(
    <PageNumbers
      label="Book pages"
      page={page}
      pageSize={20}
      total={total}
      pageSizes={[20, 50]}
      onPage={onPage}
      onPageSize={onPageSize}
      canOpen={canOpen}
    />,
  );
  const nav = screen.getByRole('navigation', { name: 'Book pages' });
  /**
   * The pages the list shows between Previous and Next from 640 px (`wide`) or on a phone, in order, with … for a
   * gap (hidden from screen readers, which hear the page names). jsdom applies no CSS: the classes say where a
   * slot shows.
   */
  const shown = (on: 'wide' | 'phone' = 'wide') =>
    [...nav.querySelectorAll('li')]
      .slice(1, -1)
      .filter((item) => (on === 'wide' ? !item.classList.contains('sm:hidden') : !item.classList.contains('hidden')))
      .map((item) => item.textContent);
  return { nav, shown, onPage, onPageSize, unmount };
}

describe('PageNumbers', () => {
  it('offers the first, the last and two pages either side of the current one, the current marked', () => {
    const { nav, shown } = renderPages(24, 1_000_000);
    expect(shown()).toEqual(['1', '…', '23', '24', '25', '26', '27', '…', '50000']);
    expect(within(nav).getByRole('button', { current: 'page' })).toHaveAccessibleName('Page 25');
  });

  it('offers one page either side on a phone, with the gaps where pages are left out', () => {
    expect(renderPages(24, 1_000_000).shown('phone')).toEqual(['1', '…', '24', '25', '26', '…', '50000']);
  });

  it('puts a gap only where pages are left out at that width', () => {
    const { shown } = renderPages(3, 200);
    expect(shown()).toEqual(['1', '2', '3', '4', '5', '6', '…', '10']);
    expect(shown('phone')).toEqual(['1', '…', '3', '4', '5', '…', '10']);
  });

  it('asks for the page before, a page by its number, and the page after (the caller decides how to read it)', async () => {
    const { nav, onPage } = renderPages(3, 200);
    await userEvent.click(within(nav).getByRole('button', { name: 'Previous' }));
    await userEvent.click(within(nav).getByRole('button', { name: 'Page 10' }));
    await userEvent.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(onPage.mock.calls).toEqual([[2], [9], [4]]);
  });

  it('offers no number, Previous or Next for a page that cannot be opened from the current one', () => {
    // Deep in a long list: only the pages the cursors lead to (23 to 25 here), the first and the last can be opened.
    const deep = renderPages(24, 1_000_000, (page) => page === 0 || page === 49_999 || (page >= 22 && page <= 25));
    expect(deep.shown()).toEqual(['1', '…', '23', '24', '25', '26', '…', '50000']);
    expect(deep.shown('phone')).toEqual(['1', '…', '24', '25', '26', '…', '50000']);
    expect(within(deep.nav).getByRole('button', { name: 'Next' })).toBeEnabled();
    deep.unmount();
    const stuck = renderPages(24, 1_000_000, (page) => page >= 24);
    expect(within(stuck.nav).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(stuck.shown()).toEqual(['25', '26', '27', '…', '50000']);
  });

  it('has no Previous on the first page and no Next on the last', () => {
    const first = renderPages(0, 45);
    expect(within(first.nav).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(first.nav).getByRole('button', { name: 'Next' })).toBeEnabled();
    first.unmount();
    const last = renderPages(2, 45);
    expect(within(last.nav).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(last.shown()).toEqual(['1', '2', '3']);
    expect(last.shown('phone')).toEqual(['1', '2', '3']);
  });

  it('names Previous and Next in words, and shows them as arrows on a phone', () => {
    const { nav } = renderPages(3, 200);
    const previous = within(nav).getByRole('button', { name: 'Previous' });
    expect(within(previous).getByText('‹')).toHaveClass('sm:hidden');
    expect(within(previous).getByText('Previous')).toHaveClass('hidden');
    expect(within(nav).getByRole('button', { name: 'Next' })).toHaveTextContent('›Next');
  });

  it('changes the page size', async () => {
    const { onPageSize } = renderPages(0, 45);
    await userEvent.selectOptions(screen.getByLabelText('Books per page'), '50');
    expect(onPageSize).toHaveBeenCalledWith(50);
  });
});
