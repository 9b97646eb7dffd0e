import { apiFetch } from './api-client';
import { csvRecordEnds } from './progress';

/** Saves `blob` as a file named `name` (the browser's download). */
export function saveBlob(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL; it may go once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** The file name of a Content-Disposition header, if it gives one. */
const fileNameOf = (disposition: string | null) => /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1];

/**
 * A download's progress: rows, of those the server announces (X-Total-Count) if it does; bytes against the
 * Content-Length only when a length but no rows are announced.
 */
export interface DownloadProgress {
  done: number;
  total?: number;
  unit: 'rows' | 'bytes';
  /** The rate so far, in `unit` per second. */
  perSecond?: number;
}

/** Reads the body chunk by chunk, telling `onProgress` how far it is; answers the whole file. */
async function readWithProgress(res: Response, onProgress: (progress: DownloadProgress) => void): Promise<Blob> {
  const rows = res.headers.get('X-Total-Count');
  const length = res.headers.get('Content-Length');
  const unit = rows === null && length !== null ? 'bytes' : 'rows';
  const total = rows !== null ? Number(rows) : unit === 'bytes' ? Number(length) : undefined;
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const quoting = { quoted: false };
  const chunks: Uint8Array[] = [];
  const started = performance.now();
  // The header row ends first and is not one of the rows announced.
  let ends = 0;
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    if (unit === 'rows') ends += csvRecordEnds(decoder.decode(value, { stream: true }), quoting);
    const count = unit === 'rows' ? Math.max(ends - 1, 0) : bytes;
    const seconds = (performance.now() - started) / 1000;
    onProgress({ done: count, total, unit, perSecond: seconds > 0 ? count / seconds : undefined });
  }
  return new Blob(chunks as BlobPart[], { type: res.headers.get('Content-Type') ?? 'text/csv' });
}

/**
 * Downloads an API file (a CSV export) with the signed-in user's token: a plain link would go without it. The
 * name is the server's (Content-Disposition), else `fallbackName`; `onProgress` hears how far the download is.
 */
export async function downloadApiFile(
  path: string,
  query: Record<string, string | number | undefined>,
  fallbackName: string,
  onProgress?: (progress: DownloadProgress) => void,
) {
  const res = await apiFetch(path, { query, headers: { Accept: 'text/csv' } });
  const blob = onProgress && res.body ? await readWithProgress(res, onProgress) : await res.blob();
  saveBlob(blob, fileNameOf(res.headers.get('Content-Disposition')) ?? fallbackName);
}
