/** Figures from this size on are shown compactly ('1.2B'), the exact one on hover, focus and to screen readers. */
const COMPACT_FROM = 1_000_000;

const exactCount = new Intl.NumberFormat(undefined);
const compactCount = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });
/** Past trillions the compact notation has no shorter word: such figures read as powers of ten ('$1E18'). */
const SCIENTIFIC_FROM = 1e15;
const scientificCount = new Intl.NumberFormat(undefined, { notation: 'scientific', maximumFractionDigits: 1 });
const scientificMoney = new Intl.NumberFormat(undefined, {
  style: 'currency',
  currency: 'USD',
  notation: 'scientific',
  maximumFractionDigits: 1,
});
const exactMoney = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' });
const compactMoney = new Intl.NumberFormat(undefined, {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

export interface Figure {
  /** What the tile shows: compact when the figure is large. */
  short: string;
  /** The whole figure. */
  exact: string;
}

/** A count or a sum of money for a tile, in the reader's locale. */
export function figure(value: number, kind: 'count' | 'money'): Figure {
  const exact = (kind === 'money' ? exactMoney : exactCount).format(value);
  if (Math.abs(value) < COMPACT_FROM) return { short: exact, exact };
  if (Math.abs(value) >= SCIENTIFIC_FROM) return { short: (kind === 'money' ? scientificMoney : scientificCount).format(value), exact };
  return { short: (kind === 'money' ? compactMoney : compactCount).format(value), exact };
}
