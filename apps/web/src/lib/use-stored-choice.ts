import { useCallback, useState } from 'react';

/** Reads localStorage, which a browser may refuse (private mode, storage turned off). */
function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * One of `options`, remembered in this browser under `key` (for a per-user choice, the key names the user:
 * their uid, never a token). Falls back to the first option.
 */
export function useStoredChoice<T extends string>(key: string, options: readonly T[]): [T, (value: T) => void] {
  const stored = (k: string) => options.find((o) => o === read(k)) ?? options[0]!;
  const [state, setState] = useState(() => ({ key, value: stored(key) }));
  // Another user signed in on this page: their own choice.
  const current = state.key === key ? state.value : stored(key);
  if (state.key !== key) setState({ key, value: current });
  const choose = useCallback(
    (value: T) => {
      setState({ key, value });
      try {
        localStorage.setItem(key, value);
      } catch {
        // Not remembered; the choice still holds on this page.
      }
    },
    [key],
  );
  return [current, choose];
}
