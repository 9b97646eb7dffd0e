import { z } from 'zod';
import { COVER_MAX_BYTES, type IsbnLookup } from '@book-warehouse/types';
import { AppError, notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { CoversService } from '../covers/covers.service';

export interface IsbnLookupOptions {
  /** The book-data service's URL with `{isbn}` where the 13 digits go; undefined: the lookup is turned off. */
  urlTemplate?: string;
  /** The deadline of the whole lookup, the cover download included. */
  timeoutMs: number;
}

/** The largest answer read from the service; a book's data is a few kilobytes. */
const MAX_ANSWER_BYTES = 1024 * 1024;

/** Open Library asks API clients to name themselves. */
const USER_AGENT = 'BookWarehouse/1.0 (ISBN lookup; https://github.com/book-warehouse)';

const Named = z.array(z.object({ name: z.string() }).loose());

/** The part of an answer of Open Library's Books API (jscmd=data) that is used: keyed by "ISBN:<digits>". */
const OpenLibraryAnswerSchema = z.record(
  z.string(),
  z
    .object({
      title: z.string().optional(),
      subtitle: z.string().optional(),
      authors: Named.optional(),
      publishers: Named.optional(),
      cover: z.object({ small: z.string().optional(), medium: z.string().optional(), large: z.string().optional() }).loose().optional(),
    })
    .loose(),
);

const unavailable = (why: string) => new AppError('lookup_unavailable', 503, `The ISBN lookup is unavailable: ${why}`);
const failed = (why: string) => new AppError('lookup_failed', 502, `The book-data service gave an unusable answer: ${why}`);

/** A text trimmed to what the book's field accepts, or nothing when empty. */
function fieldText(value: string | undefined, max: number): string | undefined {
  const text = value?.replace(/\s+/g, ' ').trim().slice(0, max).trim();
  return text || undefined;
}

interface Fetched {
  status: number;
  body: Buffer;
}

/** GET `url` within `signal`, reading at most `maxBytes` of its body: a longer body is an error. */
async function fetchCapped(url: string, signal: AbortSignal, maxBytes: number, accept: string): Promise<Fetched> {
  const res = await fetch(url, { signal, headers: { accept, 'user-agent': USER_AGENT } });
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (res.body) {
    for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
      size += chunk.length;
      // Leaving the loop cancels the rest of the body.
      if (size > maxBytes) throw failed(`the answer is larger than ${maxBytes} bytes`);
      chunks.push(chunk);
    }
  }
  return { status: res.status, body: Buffer.concat(chunks) };
}

/**
 * Looks an ISBN up at the book-data service (the only outside call the API makes), within one deadline, and
 * stores the cover it names through the covers module, so that a book's photo is never hot-linked. The
 * service being off, slow or unreachable is a 503; an answer that cannot be read is a 502; never a 500.
 */
export function createIsbnLookupService(options: IsbnLookupOptions, covers: Pick<CoversService, 'store'>, logger: Logger) {
  const { urlTemplate, timeoutMs } = options;

  /** Runs a call to the service: its deadline passing or the service unreachable is a 503. */
  async function call<T>(signal: AbortSignal, what: () => Promise<T>): Promise<T> {
    try {
      return await what();
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (signal.aborted) throw unavailable(`the book-data service did not answer within ${timeoutMs} ms`);
      throw unavailable(`the book-data service cannot be reached (${String(error)})`);
    }
  }

  /** The cover at `url`, stored; undefined when it cannot be had in time (the data is still answered). */
  async function storeCover(url: string, signal: AbortSignal): Promise<string | undefined> {
    if (!/^https?:\/\//i.test(url)) return undefined;
    try {
      const image = await fetchCapped(url, signal, COVER_MAX_BYTES, 'image/jpeg, image/png, image/webp');
      if (image.status !== 200) throw new Error(`HTTP ${image.status}`);
      return (await covers.store(() => Promise.resolve(image.body))).photo;
    } catch (error) {
      logger.warn({ err: { message: String(error) }, url }, 'ISBN lookup: the cover could not be stored; answering without it');
      return undefined;
    }
  }

  return {
    async lookup(isbn: string): Promise<IsbnLookup> {
      if (!urlTemplate) throw unavailable('it is turned off (ISBN_LOOKUP_URL=off)');
      const signal = AbortSignal.timeout(timeoutMs);
      const answer = await call(signal, () =>
        fetchCapped(urlTemplate.replaceAll('{isbn}', isbn), signal, MAX_ANSWER_BYTES, 'application/json'),
      );
      if (answer.status === 404) throw notFound(`ISBN ${isbn} at the book-data service`);
      if (answer.status !== 200) throw failed(`HTTP ${answer.status}`);
      let json: unknown;
      try {
        json = JSON.parse(answer.body.toString('utf8'));
      } catch {
        throw failed('not JSON');
      }
      const parsed = OpenLibraryAnswerSchema.safeParse(json);
      if (!parsed.success) throw failed(`not the expected shape (${parsed.error.issues[0]?.message ?? 'unknown'})`);
      const book = parsed.data[`ISBN:${isbn}`] ?? Object.values(parsed.data)[0];
      if (!book) throw notFound(`ISBN ${isbn} at the book-data service`);
      const coverUrl = book.cover?.large ?? book.cover?.medium ?? book.cover?.small;
      const photo = coverUrl ? await storeCover(coverUrl, signal) : undefined;
      const found: IsbnLookup = {
        isbn,
        bookName: fieldText(book.title, 200),
        author: fieldText(book.authors?.map((a) => a.name).join(', '), 200),
        publishar: fieldText(book.publishers?.[0]?.name, 200),
        subTitle: fieldText(book.subtitle, 300),
        photo,
      };
      // Only the fields the service knew.
      return Object.fromEntries(Object.entries(found).filter(([, value]) => value !== undefined)) as IsbnLookup;
    },
  };
}

export type IsbnLookupService = ReturnType<typeof createIsbnLookupService>;
