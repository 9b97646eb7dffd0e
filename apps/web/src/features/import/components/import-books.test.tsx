import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithApp, stubFetch } from '../../../test/render-with-app';
import { ImportBooks } from './import-books';

afterEach(() => vi.unstubAllGlobals());

const header = 'Title,Author,Publisher,Subtitle,Description,Category,Qty,Photo,Price';
const row = (name: string, price: string) => `${name},Ada,Press,Sub,About it.,Fiction,4,/covers/dune.svg,${price}`;
const file = (lines: string[]) => new File([[header, ...lines].join('\n')], 'books.csv', { type: 'text/csv' });

describe('ImportBooks', () => {
  it("marks each row's errors in place, its own check's and the server dry run's, and refuses to import", async () => {
    const calls: URL[] = [];
    stubFetch((url) => {
      calls.push(url);
      return json({
        created: 1,
        updated: 0,
        unchanged: 0,
        errors: [{ row: 2, field: 'bookName', message: 'is already in the file' }],
        importId: 'i1',
        committed: false,
      });
    });
    renderWithApp(<ImportBooks />);
    await userEvent.upload(screen.getByLabelText('CSV file'), file([row('Dune', '9'), row('Emma', 'cheap')]));

    expect(await screen.findByLabelText('Title')).toHaveValue('bookName');
    expect(screen.getByLabelText('Qty')).toHaveValue('stockQuantity');
    const table = screen.getByRole('table');
    const second = within(table).getAllByRole('row')[2]!;
    expect(second).toHaveAttribute('aria-invalid', 'true');
    expect(second).toHaveTextContent('price must be a number');
    const first = within(table).getAllByRole('row')[1]!;
    expect(await within(first).findByText('bookName is already in the file')).toBeInTheDocument();

    expect(screen.getByText('2 rows have errors; fix the file or skip them.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    // The dry run went with the guessed mapping.
    expect(calls[0]?.searchParams.get('dryRun')).toBe('true');
    expect(JSON.parse(calls[0]?.searchParams.get('mapping') ?? '{}')).toMatchObject({
      Title: 'bookName',
      Qty: 'stockQuantity',
      Publisher: 'publishar',
    });
  });
});
