import { useEffect, useState } from 'react';

/**
 * How far back above the threshold the page must scroll before the state turns off again. Larger than any
 * layout shift the state itself causes, so a page resting near the threshold never flips back and forth.
 */
export const SCROLL_HYSTERESIS_PX = 40;

/**
 * The next scrolled state: on once the page is more than `px` down, off only once it is back above
 * `px - margin`; in between it keeps the previous state (hysteresis).
 */
export function nextScrolledPast(previous: boolean, scrollY: number, px: number, margin = SCROLL_HYSTERESIS_PX): boolean {
  if (scrollY > px) return true;
  if (scrollY <= px - margin) return false;
  return previous;
}

/** True once the page has scrolled more than `px` pixels, until it is back above `px - SCROLL_HYSTERESIS_PX`. */
export function useScrolledPast(px: number): boolean {
  const [past, setPast] = useState(() => typeof window !== 'undefined' && window.scrollY > px);
  useEffect(() => {
    const onScroll = () => setPast((previous) => nextScrolledPast(previous, window.scrollY, px));
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [px]);
  return past;
}
