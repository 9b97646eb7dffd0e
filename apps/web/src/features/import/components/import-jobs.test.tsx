import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportJob, ImportSummary } from '@book-warehouse/types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithApp, stubFetch } from '../../../test/render-with-app';
import { ImportBooks } from './import-books';
import { RecentImports } from './import-jobs';

afterEach(() => vi.unstubAllGlobals());

const summaryOf = (fields: Partial<ImportSummary> = {}): ImportSummary => ({
  created: 0,
  updated: 0,
  unchanged: 0,
  errors: [],
  errorCount: 0,
  ignoredColumns: [],
  importId: 'imp',
  committed: false,
  ...fields,
});
const jobOf = (fields: Partial<ImportJob> = {}): ImportJob => ({
  _id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  state: 'queued',
  fileName: 'catalogue.csv',
  email: 'clerk@example.com',
  createdAt: '2026-11-27T16:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  total: null,
  processed: 0,
  rowsPerSecond: null,
  summary: null,
  error: null,
  ...fields,
});

/** GET /imports answers `jobs`; any other call fails the test. */
const listing = (jobs: ImportJob[]) =>
  stubFetch((url) => {
    if (url.pathname === '/api/imports') return json(jobs);
    throw new Error(`unexpected call ${url.pathname}`);
  });

describe('RecentImports', () => {
  it('shows a running import with its rows done of the total and the time left at its rate', async () => {
    listing([jobOf({ state: 'running', startedAt: '2026-11-27T16:00:01.000Z', total: 10_000, processed: 4_000, rowsPerSecond: 100 })]);
    renderWithApp(<RecentImports />);

    const bar = await screen.findByRole('progressbar', { name: 'Importing' });
    expect(bar).toHaveAttribute('value', '4000');
    expect(bar).toHaveAttribute('max', '10000');
    expect(screen.getByText('4,000 of 10,000 rows · about 1 min left')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your imports' })).toBeInTheDocument();
  });

  it('shows a waiting import and one whose file is being checked with a bar that does not pretend to know', async () => {
    listing([jobOf(), jobOf({ _id: 'bbbbbbbbbbbbbbbbbbbbbbbb', state: 'running' })]);
    renderWithApp(<RecentImports />);

    const waiting = await screen.findByRole('progressbar', { name: 'Waiting to start' });
    const checking = screen.getByRole('progressbar', { name: 'Checking the file' });
    for (const bar of [waiting, checking]) expect(bar).not.toHaveAttribute('value');
  });

  it("shows a finished import's result with the columns it left out, and a refused one's row errors", async () => {
    listing([
      jobOf({
        state: 'done',
        total: 4,
        processed: 4,
        summary: summaryOf({ created: 3, updated: 1, ignoredColumns: ['My Rating'], committed: true }),
      }),
      jobOf({
        _id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
        state: 'failed',
        fileName: 'bad.csv',
        summary: summaryOf({ errors: [{ row: 3, field: 'price', message: 'must be a number' }], errorCount: 1 }),
        error: { code: 'invalid_rows', message: 'The file has rows with errors, so nothing was written' },
      }),
    ]);
    renderWithApp(<RecentImports />);

    const [done, refused] = await screen.findAllByRole('status');
    expect(done).toHaveTextContent('Imported: 3 added, 1 updated, 0 unchanged.');
    expect(done).toHaveTextContent('Left out (they fill no book field): My Rating.');
    expect(refused).toHaveTextContent('The import was refused: some rows have errors, and nothing was saved.');
    expect(within(refused!).getByText('Row 3, price: must be a number')).toBeInTheDocument();
  });

  it('says how far an import got when its server stopped, and that the same file finishes it', async () => {
    listing([
      jobOf({
        state: 'failed',
        total: 500,
        processed: 100,
        startedAt: '2026-11-27T16:00:01.000Z',
        summary: summaryOf({ created: 100 }),
        error: { code: 'import_stopped', message: 'The server running this import stopped.' },
      }),
    ]);
    renderWithApp(<RecentImports />);

    const stopped = await screen.findByRole('status');
    expect(stopped).toHaveTextContent('The server running this import stopped.');
    expect(stopped).toHaveTextContent('100 of 500 rows were saved before it stopped; importing the same file again finishes it.');
  });
});

describe('ImportBooks, importing', () => {
  it('sends the file as a job with an Idempotency-Key and shows its progress beside the button', async () => {
    const posted: { url: URL; init?: RequestInit }[] = [];
    const started = jobOf({ fileName: 'books.csv' });
    stubFetch((url, init) => {
      if (url.pathname === '/api/imports' && init?.method === 'POST') {
        posted.push({ url, init });
        return json(started, 202);
      }
      if (url.pathname === '/api/imports') return json(posted.length ? [started] : []);
      return json(summaryOf({ created: 1 }));
    });
    renderWithApp(<ImportBooks />);
    const header = 'bookName,author,publishar,subTitle,description,catagory,stockQuantity,photo,price';
    const csv = `${header}\nDune,Frank Herbert,Ace,Sub,A desert planet.,Fiction,3,/covers/dune.svg,9.5`;
    await userEvent.upload(screen.getByLabelText('CSV file'), new File([csv], 'books.csv', { type: 'text/csv' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Import' }));

    expect(await screen.findByRole('progressbar', { name: 'Waiting to start' })).toBeInTheDocument();
    expect(posted).toHaveLength(1);
    expect(posted[0]!.url.searchParams.get('fileName')).toBe('books.csv');
    expect((posted[0]!.init!.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    // Shown once: beside the button, not again in the list of imports.
    expect(screen.queryByRole('heading', { name: 'Your imports' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Importing…' })).toBeDisabled();
  });
});
