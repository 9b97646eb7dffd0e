import { apiFetch } from './api-client';

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
 * Downloads an API file (a CSV export) with the signed-in user's token: a plain link would go without it. The
 * name is the server's (Content-Disposition), else `fallbackName`.
 */
export async function downloadApiFile(path: string, query: Record<string, string | number | undefined>, fallbackName: string) {
  const res = await apiFetch(path, { query, headers: { Accept: 'text/csv' } });
  saveBlob(await res.blob(), fileNameOf(res.headers.get('Content-Disposition')) ?? fallbackName);
}
