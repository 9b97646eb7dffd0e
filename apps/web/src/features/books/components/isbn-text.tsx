import { useEffect, useState } from 'react';

type Format = (isbn: string) => string;

let loading: Promise<Format> | undefined;
let loaded: Format | undefined;

/**
 * isbn3 comes on demand, once: the landing page's bundle does not carry its range data (../isbn.ts). The
 * zod-free file, not ../isbn, which checks typed ISBNs with the shared schemas and would bring zod along.
 */
const loadFormat = () =>
  (loading ??= import('@book-warehouse/types/isbn-hyphens').then((m) => {
    loaded = m.hyphenatedIsbn;
    return m.hyphenatedIsbn;
  }));

/** An ISBN, hyphenated as soon as isbn3 has loaded (the stored 13 digits until then). */
export function IsbnText({ isbn }: { isbn: string }) {
  const [format, setFormat] = useState<Format | undefined>(() => loaded);
  useEffect(() => {
    if (format) return;
    let live = true;
    void loadFormat().then((f) => live && setFormat(() => f));
    return () => {
      live = false;
    };
  }, [format]);
  return <span className="tabular-nums">{format ? format(isbn) : isbn}</span>;
}
