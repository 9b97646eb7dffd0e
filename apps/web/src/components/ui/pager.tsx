import { Button } from './button';

/**
 * Previous / Next paging: the caller says whether a next page exists, and how many pages there are when the
 * list's total is known.
 */
export function Pager({
  label,
  page,
  pages,
  hasNext,
  onPage,
}: {
  label: string;
  page: number;
  pages?: number;
  hasNext: boolean;
  onPage: (page: number) => void;
}) {
  if (page === 0 && !hasNext) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3 pt-4">
      <Button variant="secondary" disabled={page === 0} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-sm text-slate-600" aria-live="polite">
        Page {page + 1}
        {pages !== undefined && ` of ${Math.max(pages, 1)}`}
      </span>
      <Button variant="secondary" disabled={!hasNext} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
