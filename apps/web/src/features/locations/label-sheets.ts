/** A sheet of labels: its page, its grid of labels and the margins and gaps around them, in the sheet's unit. */
export interface LabelSheet {
  id: 'a4-3x8' | 'letter-5160';
  name: string;
  /** The CSS unit of every length below. */
  unit: 'mm' | 'in';
  /** The printer's page (CSS @page size). */
  pageSize: 'A4' | 'letter';
  page: { width: number; height: number };
  columns: number;
  rows: number;
  label: { width: number; height: number };
  /** From the page's top-left corner to the first label's. */
  margin: { top: number; left: number };
  /** Between two labels side by side, and one above the other. */
  gap: { column: number; row: number };
}

/** The sheets the labels screen prints on: 24 labels of 70 x 37 mm on A4, and Avery 5160 (30 labels, 2 5/8 x 1 in) on Letter. */
export const LABEL_SHEETS: readonly LabelSheet[] = [
  {
    id: 'a4-3x8',
    name: 'A4, 3 x 8 labels (70 x 37 mm)',
    unit: 'mm',
    pageSize: 'A4',
    page: { width: 210, height: 297 },
    columns: 3,
    rows: 8,
    label: { width: 70, height: 37 },
    margin: { top: 0.5, left: 0 },
    gap: { column: 0, row: 0 },
  },
  {
    id: 'letter-5160',
    name: 'Letter, Avery 5160 (3 x 10 labels, 2 5/8 x 1 in)',
    unit: 'in',
    pageSize: 'letter',
    page: { width: 8.5, height: 11 },
    columns: 3,
    rows: 10,
    label: { width: 2.625, height: 1 },
    margin: { top: 0.5, left: 0.1875 },
    gap: { column: 0.125, row: 0 },
  },
];

export const labelsPerSheet = (sheet: LabelSheet) => sheet.columns * sheet.rows;

/** The items split into pages of one sheet each, filled row by row. */
export function sheetPages<T>(items: readonly T[], sheet: LabelSheet): T[][] {
  const size = labelsPerSheet(sheet);
  return Array.from({ length: Math.ceil(items.length / size) }, (_, page) => items.slice(page * size, (page + 1) * size));
}

/** Where the label at `index` of its page sits: its row, column and top-left corner, in the sheet's unit. */
export function labelBox(index: number, sheet: LabelSheet) {
  const row = Math.floor(index / sheet.columns);
  const column = index % sheet.columns;
  return {
    row,
    column,
    top: sheet.margin.top + row * (sheet.label.height + sheet.gap.row),
    left: sheet.margin.left + column * (sheet.label.width + sheet.gap.column),
  };
}
