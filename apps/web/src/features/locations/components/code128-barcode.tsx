import { useMemo } from 'react';
import { code128Drawing } from '../code128';

/** A location's code as a Code 128 barcode (SVG), stretched to the box it is given; the code itself is its name. */
export function Code128Barcode({ code, className = '' }: { code: string; className?: string }) {
  const drawing = useMemo(() => code128Drawing(code), [code]);
  return (
    <svg role="img" aria-label={`Barcode ${code}`} viewBox={drawing.viewBox} preserveAspectRatio="none" className={className}>
      {/* White behind the bars in either theme: a scanner needs dark bars on a light ground. */}
      <rect width="100%" height="100%" fill="#fff" />
      {drawing.paths.map((path, index) => (
        <path key={index} stroke="#000" strokeWidth={path.strokeWidth} d={path.d} />
      ))}
    </svg>
  );
}
