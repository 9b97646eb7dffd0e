import { useState } from 'react';

const FALLBACK = '/covers/fallback.svg';

/** A book's photo; a broken URL falls back to a neutral cover, never a broken-image icon. */
export function BookCover({ src, alt, className = '' }: { src: string; alt: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={failed ? FALLBACK : src}
      alt={alt}
      width={300}
      height={450}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
      className={`aspect-[2/3] w-full bg-slate-100 object-cover ${className}`}
    />
  );
}
