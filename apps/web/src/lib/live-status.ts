import { useSyncExternalStore } from 'react';

/** Whether this tab hears the live updates now: the stream it follows, or the one another tab holds for it, is open. */
let open = false;
const listeners = new Set<() => void>();

/** Set by the live updates (app/live-updates.tsx) as their stream opens and drops. */
export function setLiveUpdatesOpen(now: boolean): void {
  if (now === open) return;
  open = now;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Whether live updates arrive now: a screen that follows them refreshes on its own only while they do not. */
export const useLiveUpdatesOpen = (): boolean => useSyncExternalStore(subscribe, () => open);
