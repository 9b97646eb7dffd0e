import { useEffect, useState } from 'react';

type Format = (isbn: string) => string;

let loading: Promise<Format> | undefined;
let loaded: Format | undefined;
/** The ISBNs as the server drew them on a public page (hyphenated), read back before that page hydrates. */
const drawn = new Map<string, string>();

/**
 * isbn3 comes on demand, once: the landing page's bundle does not carry its range data (../isbn.ts). The
 * zod-free file, not ../isbn, which checks typed ISBNs with the shared schemas and would bring zod along.
 */
const loadFormat = () =>
  (loading ??= import('@book-warehouse/types/isbn-hyphens').then((m) => {
    loaded = m.hyphenatedIsbn;
    return m.hyphenatedIsbn;
  }));

/** The server's drawing of the public pages (entry-server.tsx) hyphenates at once: Node may load isbn3 up front. */
export function hyphenateIsbnsAtOnce(format: Format) {
  loaded = format;
}

/**
 * Before a drawn public page hydrates (public-main.tsx): its ISBNs as drawn, so the first render in the browser
 * shows them hyphenated, as the visitor already sees them, without loading isbn3 first.
 */
export function rememberDrawnIsbns(root: ParentNode) {
  for (const element of root.querySelectorAll<HTMLElement>('[data-isbn]')) {
    if (element.dataset.isbn && element.textContent) drawn.set(element.dataset.isbn, element.textContent);
  }
}

/** An ISBN, hyphenated: at once where the server drew it so, else as soon as isbn3 has loaded (the stored 13 digits until then). */
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
  return (
    <span className="tabular-nums" data-isbn={isbn}>
      {format ? format(isbn) : (drawn.get(isbn) ?? isbn)}
    </span>
  );
}
