import { useSyncExternalStore } from 'react';

/** The installed version's worker waiting to take over, once the clerk agrees ('A new version is ready'). */
let waiting: ServiceWorker | undefined;
const listeners = new Set<() => void>();

function offer(worker: ServiceWorker | null | undefined) {
  // The first install has nothing to replace: only a worker replacing one that runs this page is offered.
  if (!worker || !navigator.serviceWorker.controller) return;
  waiting = worker;
  for (const listener of listeners) listener();
}

/**
 * Registers the service worker of the production build (scripts/service-worker.js) and watches for a new version:
 * looked for when the app comes back to the screen or the network returns. A new version waits until reloadToNewVersion().
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register('/sw.js')
    .then((registration) => {
      offer(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed') offer(installing);
        });
      });
      const look = () => void registration.update().catch(() => undefined);
      document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && look());
      window.addEventListener('online', look);
    })
    // No worker (storage turned off, a private window): the app works online as before.
    .catch(() => undefined);
}

/** The clerk agreed: the new version takes over and the page reloads once it has. */
export function reloadToNewVersion() {
  if (!waiting) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage('skip-waiting');
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether a new version is ready to be used. */
export const useNewVersionReady = () => useSyncExternalStore(subscribe, () => waiting !== undefined);
