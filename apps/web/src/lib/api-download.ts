import { failure, send, type Query } from './api-client';

/**
 * Downloads a file the API makes (a CSV export) and saves it: a link cannot send the token, so the file is
 * fetched with it and handed to the browser as a Blob. The name is the server's (Content-Disposition) or `fallbackName`.
 */
export async function apiDownload(path: string, query: Query, fallbackName: string): Promise<void> {
  const res = await send(path, { query }, '*/*');
  if (!res.ok) throw await failure(res, await res.json().catch(() => undefined));
  const blob = await res.blob();
  const name = /filename="?([^";]+)"?/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  const href = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click's task has run.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
