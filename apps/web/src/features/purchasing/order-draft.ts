import type { Book, PurchaseOrder, PurchaseOrderPatch } from '@book-warehouse/types';

/**
 * A line as the editor holds it: the typed quantity and unit cost as text until saved, and the copies received
 * against it (an ordered order's: its quantity goes no lower, and it stays on the order).
 */
export interface DraftLine {
  bookId: string;
  bookName: string;
  isbn?: string;
  quantity: string;
  unitCost: string;
  received: number;
}

export const draftLinesOf = (order: Pick<PurchaseOrder, 'lines'>): DraftLine[] =>
  order.lines.map(({ bookId, bookName, isbn, quantity, unitCost, received }) => ({
    bookId,
    bookName,
    isbn,
    quantity: String(quantity),
    unitCost: unitCost.toFixed(2),
    received,
  }));

/**
 * What the server refuses of an ordered order's lines, said before sending: a quantity below what its line has
 * received (`lines.<i>.quantity`), by the server's field names.
 */
export function receivedErrors(lines: readonly DraftLine[]): Record<string, string> {
  return Object.fromEntries(
    lines.flatMap((line, i) =>
      line.received > 0 && Number(line.quantity) < line.received
        ? [[`lines.${i}.quantity`, `must be at least the ${line.received} received`]]
        : [],
    ),
  );
}

/**
 * A found or scanned book joins the lines: one copy more when it is there already (each book is on an order
 * once), else a new line of 1 at what it costs us (its cost price, else its average cost, else 0).
 */
export function withBook(lines: readonly DraftLine[], book: Book): DraftLine[] {
  if (lines.some((line) => line.bookId === book._id))
    return lines.map((line) => (line.bookId === book._id ? { ...line, quantity: String((Number(line.quantity) || 0) + 1) } : line));
  const cost = book.costPrice ?? book.averageCost ?? 0;
  return [...lines, { bookId: book._id, bookName: book.bookName, isbn: book.isbn, quantity: '1', unitCost: cost.toFixed(2), received: 0 }];
}

/** The PATCH of a draft: every line (the list replaces the stored one), and the expected date and notes, '' removing them. */
export function draftPatch(
  order: Pick<PurchaseOrder, 'expectedAt' | 'notes'>,
  lines: readonly DraftLine[],
  expectedAt: string,
  notes: string,
) {
  const patch: Record<string, unknown> = {
    lines: lines.map((line) => ({ bookId: line.bookId, quantity: Number(line.quantity), unitCost: Number(line.unitCost) })),
  };
  if (expectedAt !== (order.expectedAt?.slice(0, 10) ?? '')) patch.expectedAt = expectedAt || null;
  if (notes.trim() !== (order.notes ?? '')) patch.notes = notes.trim() || null;
  // The shared schema checks it before it is sent (PurchaseOrderPatchSchema).
  return patch as PurchaseOrderPatch;
}

/** A failed check's messages by path ('lines.2.quantity'), the first per path, as the server names fields. */
export function lineErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'form';
    found[key] ??= issue.message;
  }
  return found;
}
