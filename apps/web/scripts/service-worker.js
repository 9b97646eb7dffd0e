/* global self, caches, PRECACHE, VERSION -- a service worker's globals, and the two constants vite.config.ts puts before this text */
// The service worker (served as /sw.js): vite.config.ts puts PRECACHE (the app shell, every script and style of the
// app's build, the icons) and VERSION (a hash of them) before this text. docs/decisions/029-offline-queue.md.
const CACHE = `book-warehouse-${VERSION}`;

// A new version downloads everything first, then waits: it takes over only when the clerk agrees ('A new version is
// ready', src/lib/offline/service-worker.ts), never in the middle of a task.
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => name.startsWith('book-warehouse-') && name !== CACHE).map((name) => caches.delete(name))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  // The API is never answered from a cache: the queue (src/lib/offline) decides what waits for the network.
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    // A page comes from the server while it answers (the public pages are drawn per request); without a network, the
    // app's shell, whose router draws the floor screens.
    event.respondWith(fetch(request).catch(() => caches.match('/index.html', { cacheName: CACHE })));
    return;
  }
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const hit = await cache.match(request);
      if (hit) return hit;
      const answer = await fetch(request);
      // A hashed file asked for later (a font subset) never changes: kept for the next time offline.
      if (answer.ok && url.pathname.startsWith('/assets/')) void cache.put(request, answer.clone());
      return answer;
    }),
  );
});
