import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/render-with-app';
import { downloadApiFile, type DownloadProgress } from './download';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The browser's download is not this test's: the saved file goes nowhere. */
function savedNowhere() {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
}

/** A streamed CSV answer in these pieces, with these headers. */
const streamed = (pieces: string[], headers: Record<string, string>) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(new TextEncoder().encode(piece));
        controller.close();
      },
    }),
    { status: 200, headers: { 'Content-Type': 'text/csv', ...headers } },
  );

describe('downloadApiFile', () => {
  it('tells the rows received of those the server announced, a quoted line break being no row', async () => {
    savedNowhere();
    stubFetch(() =>
      streamed(['bookName,description\r\nDune,"A desert\r\nplanet"\r\n', 'Emma,Fine\r\nOdd,x\r\n'], { 'X-Total-Count': '3' }),
    );
    const seen: DownloadProgress[] = [];
    await downloadApiFile('/books/export.csv', {}, 'books.csv', (progress) => seen.push(progress));

    expect(seen.map(({ done, total, unit }) => ({ done, total, unit }))).toEqual([
      { done: 1, total: 3, unit: 'rows' },
      { done: 3, total: 3, unit: 'rows' },
    ]);
  });

  it('tells the bytes received of the Content-Length when no rows are announced', async () => {
    savedNowhere();
    stubFetch(() => streamed(['a,b\r\n', '1,2\r\n'], { 'Content-Length': '10' }));
    const seen: DownloadProgress[] = [];
    await downloadApiFile('/histories/export.csv', {}, 'history.csv', (progress) => seen.push(progress));

    expect(seen.map(({ done, total, unit }) => ({ done, total, unit }))).toEqual([
      { done: 5, total: 10, unit: 'bytes' },
      { done: 10, total: 10, unit: 'bytes' },
    ]);
  });

  it('counts the rows, of no total, when the server announces neither rows nor a length (a compressed stream)', async () => {
    savedNowhere();
    stubFetch(() => streamed(['a,b\r\n1,2\r\n', '3,4\r\n5,6\r\n'], {}));
    const seen: DownloadProgress[] = [];
    await downloadApiFile('/reorder/export.csv', {}, 'reorder.csv', (progress) => seen.push(progress));

    expect(seen.map(({ done, total, unit }) => ({ done, total, unit }))).toEqual([
      { done: 1, total: undefined, unit: 'rows' },
      { done: 3, total: undefined, unit: 'rows' },
    ]);
  });
});
