// The arbiter's desk works offline once loaded: every file of this site is kept in the cache as it is first
// fetched (the reader's model and runtime only when a scan is first read) and served from there afterwards.
// Nothing from other origins is ever requested.
const CACHE = 'zapis-desk-v1';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      // The network first, so a rebuilt app is picked up; the cache when offline.
      const response = await fetch(request);
      if (response.ok) cache.put(request, response.clone());
      return response;
    } catch (error) {
      const cached = await cache.match(request);
      if (cached) return cached;
      throw error;
    }
  })());
});
