import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Papa from 'papaparse';
import { describe, expect, it, vi } from 'vitest';
import { IMPORT_FIELDS } from '@book-warehouse/types';
import { renderWithApp } from '../../../test/render-with-app';
import { guessMapping } from '../columns';
import { checkRows } from '../validate-rows';
import { ImportColumns, sampleCsv } from './import-columns';

describe('ImportColumns', () => {
  it('lists every column the import reads, its field, whether it is required and an example', () => {
    renderWithApp(<ImportColumns />);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([...IMPORT_FIELDS]);
    const row = (field: string) => rows.find((r) => within(r).getByRole('rowheader').textContent === field)!;
    expect(row('bookName')).toHaveTextContent('Book nameYesDune');
    expect(row('photo')).toHaveTextContent('Photo URLYes');
    expect(row('isbn')).toHaveTextContent('ISBNNo978-0-441-17271-9');
    expect(row('reorderPoint')).toHaveTextContent('Reorder pointNo5');
  });

  it('offers a sample file whose header is the columns and whose book passes the import check', async () => {
    const created = vi.fn((_blob: Blob) => 'blob:sample');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    renderWithApp(<ImportColumns />);
    await userEvent.click(screen.getByRole('button', { name: 'Download a sample file' }));
    expect(created).toHaveBeenCalledTimes(1);
    const blob = created.mock.calls[0]![0];
    expect(blob.type).toBe('text/csv');
    expect(blob.size).toBe(new TextEncoder().encode(`\uFEFF${sampleCsv()}\r\n`).length);

    const parsed = Papa.parse<Record<string, string>>(sampleCsv(), { header: true });
    expect(parsed.meta.fields).toEqual([...IMPORT_FIELDS]);
    const [checked] = checkRows(parsed.data, guessMapping(parsed.meta.fields ?? []));
    expect(checked?.errors).toEqual({});
  });
});
