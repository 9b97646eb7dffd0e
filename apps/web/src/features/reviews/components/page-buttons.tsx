import { GAP, pageButtons } from '../paging';

interface PageButtonsProps {
  pages: number;
  /** The selected page, counted from 0 like the API. */
  current: number;
  onSelect: (page: number) => void;
  label: string;
}

/** Numbered page buttons from 1; the current page is highlighted and marked aria-current="page". */
export function PageButtons({ pages, current, onSelect, label }: PageButtonsProps) {
  if (pages < 1) return null;
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap items-center gap-2">
        {pageButtons(pages, current).map((item, index) =>
          item === GAP ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-400">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                aria-label={`Page ${item}`}
                aria-current={item === current + 1 ? 'page' : undefined}
                onClick={() => onSelect(item - 1)}
                className="inline-flex size-10 items-center justify-center rounded-lg border border-slate-300 bg-white text-sm font-semibold text-slate-700 transition-colors hover:bg-slate-100 aria-[current=page]:border-amber-700 aria-[current=page]:bg-amber-700 aria-[current=page]:text-white"
              >
                {item}
              </button>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
