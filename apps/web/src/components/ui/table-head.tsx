/** A column's label, or its label with classes of its own (a column of numbers is right-aligned). */
type Column = string | { label: string; className: string };

interface TableHeadProps {
  columns: readonly Column[];
  /** The classes every header cell shares (usually those of the body's cells, so the columns line up). */
  cellClassName: string;
  /** The header row's look: the lists' grey band of small capitals unless given. */
  className?: string;
}

/** A table's header: one `<th scope="col">` per column. */
export function TableHead({
  columns,
  cellClassName,
  className = 'bg-slate-100 text-xs font-semibold tracking-wide text-slate-600 uppercase',
}: TableHeadProps) {
  return (
    <thead className={className || undefined}>
      <tr>
        {columns.map((column) => {
          const { label, className: own } = typeof column === 'string' ? { label: column, className: '' } : column;
          return (
            <th key={label} scope="col" className={own ? `${cellClassName} ${own}` : cellClassName}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
