import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportSummary } from '@book-warehouse/types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithApp, stubFetch as stubAll } from '../../../test/render-with-app';
import { ImportBooks } from './import-books';

afterEach(() => vi.unstubAllGlobals());

/** Stubs the calls under test; the screen's list of the clerk's imports (GET /imports) is empty. */
const stubFetch = (handler: Parameters<typeof stubAll>[0]) =>
  stubAll((url, init) => (url.pathname === '/api/imports' ? json([]) : handler(url, init)));

const header = 'Title,Author,Publisher,Subtitle,Description,Category,Qty,Photo,Price';
const row = (name: string, price: string) => `${name},Ada,Press,Sub,About it.,Fiction,4,/covers/dune.svg,${price}`;
/** A dry run's answer that finds nothing wrong. */
const dryRunOf = (summary: Partial<ImportSummary>): ImportSummary => ({
  created: 0,
  updated: 0,
  unchanged: 0,
  errors: [],
  errorCount: 0,
  ignoredColumns: [],
  importId: 'dry',
  committed: false,
  ...summary,
});
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
        errorCount: 1,
        ignoredColumns: ['Shelf'],
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
    expect(screen.getByText('Left out (they fill no book field): Shelf.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    // The dry run went with the guessed mapping.
    expect(calls[0]?.searchParams.get('dryRun')).toBe('true');
    expect(JSON.parse(calls[0]?.searchParams.get('mapping') ?? '{}')).toMatchObject({
      Title: 'bookName',
      Qty: 'stockQuantity',
      Publisher: 'publishar',
    });
  });

  it('says how many errors there are in all when the dry run lists only the first of them', async () => {
    const errors = Array.from({ length: 100 }, (_, i) => ({ row: i + 2, field: 'price', message: 'must be a number' }));
    stubFetch(() =>
      json({ created: 0, updated: 0, unchanged: 0, errors, errorCount: 2500, ignoredColumns: [], importId: 'i2', committed: false }),
    );
    renderWithApp(<ImportBooks />);
    await userEvent.upload(screen.getByLabelText('CSV file'), file([row('Dune', 'cheap'), row('Emma', 'cheap')]));

    expect(await screen.findByText('The first 100 of 2,500 errors; fix the file or skip the rows with errors.')).toBeInTheDocument();
    expect(screen.getByText('Row 101, price: must be a number')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  it('recognises a Goodreads export, proposes its mapping, and asks once for the required fields it lacks', async () => {
    const calls: URL[] = [];
    stubFetch((url) => {
      calls.push(url);
      return json(dryRunOf({ created: 1 }));
    });
    const goodreads = [
      'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies',
      '44767458,Dune,Frank Herbert,"Herbert, Frank",,"=""0441172717""","=""9780441172719""",5,4.27,Ace,Paperback,617,1990,1965,,2020/05/01,to-read,to-read (#1),to-read,,,,0,2',
    ].join('\r\n');
    renderWithApp(<ImportBooks />);
    await userEvent.upload(screen.getByLabelText('CSV file'), new File([goodreads], 'goodreads_library_export.csv', { type: 'text/csv' }));

    expect(await screen.findByText('Goodreads library export recognised')).toBeInTheDocument();
    expect(screen.getByLabelText('ISBN')).toHaveValue('isbn');
    expect(screen.getByLabelText('ISBN13')).toHaveValue('isbn');
    expect(screen.getByLabelText('Owned Copies')).toHaveValue('stockQuantity');
    expect(screen.getByLabelText('My Rating')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();

    const form = within(screen.getByRole('group', { name: 'Values for the whole file' }));
    expect(form.getAllByRole('textbox').map((input) => input.closest('div')?.querySelector('label')?.textContent)).toEqual([
      'Subtitle',
      'Description',
      'Category',
      'Photo URL',
      'Price',
    ]);
    await userEvent.type(form.getByLabelText('Price'), 'cheap');
    await userEvent.click(form.getByRole('button', { name: 'Use these values' }));
    expect(form.getByText('Price must be a number')).toBeInTheDocument();

    await userEvent.clear(form.getByLabelText('Price'));
    const values = [
      ['Subtitle', 'Paperback'],
      ['Description', 'A desert planet.'],
      ['Category', 'Fiction'],
      ['Photo URL', '/covers/dune.svg'],
      ['Price', '9.50'],
    ] as const;
    for (const [label, value] of values) {
      await userEvent.click(form.getByLabelText(label));
      await userEvent.paste(value);
    }
    await userEvent.click(form.getByRole('button', { name: 'Use these values' }));

    expect(await screen.findByRole('button', { name: 'Import' })).toBeEnabled();
    const last = calls.at(-1)!;
    expect(JSON.parse(last.searchParams.get('defaults') ?? '{}')).toEqual({
      subTitle: 'Paperback',
      description: 'A desert planet.',
      catagory: 'Fiction',
      photo: '/covers/dune.svg',
      price: 9.5,
    });
    expect(JSON.parse(last.searchParams.get('mapping') ?? '{}')).toEqual({
      Title: 'bookName',
      Author: 'author',
      ISBN: 'isbn',
      ISBN13: 'isbn',
      Publisher: 'publishar',
      'Owned Copies': 'stockQuantity',
    });
    // Some twenty selects and a form, filled as a clerk would: more steps than the other cases.
  }, 20_000);

  it("shows the server's refusal of a file with too many rows as it shows other errors", async () => {
    const message = 'The file has more than 100,000 rows; split it into files of at most 100,000 rows';
    stubFetch(() => json({ error: { code: 'payload_too_large', message, fields: { body: 'has more than 100,000 rows' } } }, 413));
    renderWithApp(<ImportBooks />);
    await userEvent.upload(screen.getByLabelText('CSV file'), file([row('Dune', '9')]));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});
