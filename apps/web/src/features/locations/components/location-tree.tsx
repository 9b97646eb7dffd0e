import type { Location } from '@book-warehouse/types';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Field } from '../../../components/ui/field';
import { branchIds, buildTree, filterTree, treeKey, visibleRows, type TreeKey } from '../tree';

const TREE_KEYS: readonly string[] = ['ArrowDown', 'ArrowUp', 'ArrowRight', 'ArrowLeft', 'Home', 'End', '*'];

/**
 * The location tree (WAI-ARIA tree pattern): one row takes the Tab stop, the arrow keys move and open or close
 * rows (../tree.ts, treeKey), Enter or a click opens the location. Each row shows the copies of its whole
 * subtree. The search box keeps the matching locations and the path above each, every level open.
 */
export function LocationTree({
  locations,
  selectedId,
  onSelect,
}: {
  locations: readonly Location[];
  selectedId?: string;
  onSelect: (location: Location) => void;
}) {
  const [search, setSearch] = useState('');
  const roots = useMemo(() => buildTree(locations), [locations]);
  const shown = useMemo(() => filterTree(roots, search), [roots, search]);
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => {
    const selected = locations.find((location) => location._id === selectedId);
    return new Set([...roots.map((node) => node.location._id), ...(selected?.ancestorIds ?? [])]);
  });
  // While searching every level of the matches is open; the clerk's own choice returns with an empty box.
  const expanded = useMemo(() => (search.trim() ? new Set(branchIds(shown)) : opened), [search, shown, opened]);
  const rows = useMemo(() => visibleRows(shown, expanded), [shown, expanded]);
  const [focusedId, setFocusedId] = useState<string | undefined>(selectedId);
  // The Tab stop: the focused row if shown, else the selected one, else the first.
  const tabStop =
    [focusedId, selectedId].find((id) => id && rows.some((row) => row.node.location._id === id)) ?? rows[0]?.node.location._id;
  const items = useRef(new Map<string, HTMLLIElement>());
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current || !focusedId) return;
    moved.current = false;
    items.current.get(focusedId)?.focus();
  }, [focusedId, rows]);

  const toggle = (id: string, open: boolean) =>
    setOpened((current) => {
      const next = new Set(current);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>, location: Location) => {
    // Keys pressed in a nested row reach its ancestors' rows too: the innermost row answers.
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(location);
      return;
    }
    if (!TREE_KEYS.includes(event.key)) return;
    event.preventDefault();
    const move = treeKey(rows, expanded, location._id, event.key as TreeKey);
    if (move.open?.length || move.close) {
      setSearch('');
      setOpened((current) => {
        const next = new Set(search.trim() ? expanded : current);
        move.open?.forEach((id) => next.add(id));
        if (move.close) next.delete(move.close);
        return next;
      });
    }
    if (move.focus) {
      moved.current = true;
      setFocusedId(move.focus);
    }
  };

  const renderRows = (level: number, parentId: string | undefined) =>
    rows
      .filter((row) => row.level === level && row.parentId === parentId)
      .map(({ node }) => {
        const { location } = node;
        const branch = node.children.length > 0;
        const open = expanded.has(location._id);
        const selected = location._id === selectedId;
        return (
          <li
            key={location._id}
            ref={(element) => {
              if (element) items.current.set(location._id, element);
              else items.current.delete(location._id);
            }}
            role="treeitem"
            aria-level={level}
            aria-expanded={branch ? open : undefined}
            aria-selected={selected}
            tabIndex={location._id === tabStop ? 0 : -1}
            onKeyDown={(event) => onKeyDown(event, location)}
            onFocus={(event) => {
              if (event.target === event.currentTarget) setFocusedId(location._id);
            }}
            className="group outline-none"
          >
            {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- the treeitem above answers the keys (Enter opens, arrows move) */}
            <div
              onClick={() => {
                // The clicked row takes the focus, so the arrow keys go on from it.
                moved.current = true;
                setFocusedId(location._id);
                items.current.get(location._id)?.focus();
                onSelect(location);
              }}
              style={{ paddingInlineStart: `${(level - 1) * 1.25 + 0.25}rem` }}
              className={`flex cursor-pointer items-center gap-2 rounded-lg py-1.5 pr-2 text-sm group-focus-visible:ring-2 group-focus-visible:ring-amber-500 ${
                selected ? 'bg-amber-700 text-white' : 'text-slate-800 hover:bg-slate-100'
              }`}
            >
              {branch ? (
                <button
                  type="button"
                  tabIndex={-1}
                  aria-hidden="true"
                  onClick={(event) => {
                    event.stopPropagation();
                    toggle(location._id, !open);
                  }}
                  className="grid size-6 shrink-0 place-items-center rounded"
                >
                  <svg
                    viewBox="0 0 24 24"
                    className={`size-4 transition-transform ${open ? 'rotate-90' : ''}`}
                    fill="none"
                    stroke="currentColor"
                    strokeWidth={2}
                  >
                    <path d="M9 6l6 6-6 6" />
                  </svg>
                </button>
              ) : (
                <span className="size-6 shrink-0" />
              )}
              {/* The row's own text names the treeitem (as in the WAI-ARIA tree examples): what is read is what is seen. */}
              <span className="min-w-0 flex-1 truncate">
                <span className="font-medium">{location.name}</span> <span className="font-mono text-xs">({location.code})</span>
              </span>
              {location.subtreeQuantity === null ? (
                <span className="shrink-0 text-xs text-slate-600" title={location.hidden}>
                  Hidden<span className="sr-only">: {location.hidden}</span>
                </span>
              ) : (
                <span className="shrink-0 tabular-nums">
                  {location.subtreeQuantity}
                  <span className="sr-only">{location.subtreeQuantity === 1 ? ' copy' : ' copies'}</span>
                </span>
              )}
            </div>
            {branch && open && (
              <ul role="group" className="flex flex-col">
                {renderRows(level + 1, location._id)}
              </ul>
            )}
          </li>
        );
      });

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <Field
        label="Find a location (code or name)"
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        autoComplete="off"
      />
      <div className="flex justify-between px-2 text-xs font-semibold tracking-wide text-slate-600 uppercase" aria-hidden="true">
        <span>Location</span>
        <span>Copies</span>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{search.trim() ? `No location matches '${search.trim()}'.` : 'No locations yet.'}</p>
      ) : (
        <ul role="tree" aria-label="Locations" className="flex flex-col">
          {renderRows(1, undefined)}
        </ul>
      )}
    </div>
  );
}
