import { describe, expect, it } from 'vitest';
import { formatChange, fullChange } from './changes';

describe('formatChange', () => {
  it.each([
    [{ field: 'stockQuantity', from: 201, to: 204 }, 'Stock quantity 201 -> 204'],
    [{ field: 'price', from: 12, to: 14.5 }, 'Price 12.00 -> 14.50'],
    [{ field: 'bookName', from: null, to: 'Dune' }, 'Book name (none) -> Dune'],
    [{ field: 'isbn', from: '9780441013593', to: null }, 'ISBN 978-0-441-01359-3 -> (none)'],
  ])('names the field as the forms label it, and shows values as the screens do: %o', (change, shown) => {
    expect(formatChange(change)).toBe(shown);
  });

  it('keeps the name of a field the forms do not know', () => {
    expect(formatChange({ field: 'role', from: 'viewer', to: 'staff' })).toBe('role viewer -> staff');
  });

  it('cuts a long text in the log and keeps it whole in the title', () => {
    const description = 'A desert planet, a spice, and a family that rules it for a while.';
    expect(formatChange({ field: 'description', from: null, to: description })).toBe(`Description (none) -> ${description.slice(0, 40)}…`);
    expect(fullChange({ field: 'description', from: null, to: description })).toBe(`Description: (none) -> ${description}`);
  });
});
