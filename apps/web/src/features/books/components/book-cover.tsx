import { useState } from 'react';

const FALLBACK = '/covers/fallback.svg';

interface BookCoverProps {
  src: string;
  alt: string;
  /** Above the fold on first paint (the landing page's first row): load at once, not lazily. */
  eager?: boolean;
  /** Sizing; the full width of its box by default. */
  className?: string;
}

/** A cover uploaded to the app (/api/covers/<id>) is drawn from its 400 px card version, not the 1200 px original. */
const cardSize = (src: string) => (/^\/api\/covers\/[0-9a-f]{24}$/.test(src) ? `${src}?size=card` : src);

/** A book's photo; a broken URL falls back to a neutral cover, never a broken-image icon. */
export function BookCover({ src, alt, eager = false, className = '' }: BookCoverProps) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={failed ? FALLBACK : cardSize(src)}
      alt={alt}
      width={300}
      height={450}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
      className={`aspect-[2/3] bg-slate-100 object-cover ${className || 'w-full'}`}
    />
  );
}
