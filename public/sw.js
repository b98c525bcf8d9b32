/**
 * Acolhe's service worker: the installed app starts from the cache's icons
 * and build files, and a page that cannot load shows /offline in the
 * visitor's language. Plain JavaScript served as it is from public/; tested
 * by app/utils/sw.test.ts.
 *
 * Only two kinds of response are ever kept: the offline page (fetched without
 * cookies, so it is the same for everyone) and static files (the fingerprinted
 * /build files and the app's icons). Pages, loader data (`*.data`), forms,
 * uploads and everything under the dashboards go to the network untouched.
 *
 * The page registers it as /sw.js?v=<build version>: each build is a new
 * worker with a cache of its own, and the old caches go when it activates.
 */
"use strict";

const CACHE = `acolhe-${new URL(self.location.href).searchParams.get("v") || "dev"}`;
/** The offline page in the language the visitor reads the site in (see the "message" handler). */
const OFFLINE = "/offline";
const ICONS = ["/site.webmanifest", "/favicon.svg", "/icons.svg", "/icons/icon-192.png", "/icons/icon-512.png", "/icons/maskable-512.png"];

/** A file that is the same for every visitor and never holds personal data. */
function isStaticAsset(url) {
  return url.origin === self.location.origin && (url.pathname.startsWith("/build/") || ICONS.includes(url.pathname));
}

/** Without cookies: the answer cannot be one meant for a signed-in visitor. */
async function fetchOfflinePage(locale) {
  const response = await fetch(locale ? `${OFFLINE}?lng=${encodeURIComponent(locale)}` : OFFLINE, { credentials: "omit", cache: "no-store" });
  if (!response.ok) throw new Error(`offline page answered ${response.status}`);
  return response;
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.status === 200 && response.type === "basic") await cache.put(request, response.clone());
  return response;
}

/** Network first, always; the offline page only when the network is gone. No page is ever kept. */
async function navigate(event) {
  try {
    return (await event.preloadResponse) || (await fetch(event.request));
  } catch {
    return (await caches.match(OFFLINE, { cacheName: CACHE })) || Response.error();
  }
}

/** The page says which language it is in and which build files it loaded (warming the cache for the next start). */
async function remember({ locale, assets }) {
  const cache = await caches.open(CACHE);
  if (typeof locale === "string" && /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(locale)) {
    const kept = await cache.match(OFFLINE);
    if (kept?.headers.get("Content-Language") !== locale) await cache.put(OFFLINE, await fetchOfflinePage(locale));
  }
  for (const asset of Array.isArray(assets) ? assets.slice(0, 50) : []) {
    if (typeof asset === "string" && isStaticAsset(new URL(asset, self.location.href))) await cacheFirst(asset);
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // In the browser's language until the first page says which one the visitor chose.
      await Promise.all([cache.addAll(ICONS), fetchOfflinePage().then((response) => cache.put(OFFLINE, response))]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith("acolhe-") && name !== CACHE) await caches.delete(name);
      // A page's request starts while the worker wakes up, not after.
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "page") event.waitUntil(remember(event.data).catch(() => undefined));
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.mode === "navigate") event.respondWith(navigate(event));
  else if (request.method === "GET" && isStaticAsset(new URL(request.url))) event.respondWith(cacheFirst(request));
  // Anything else is the browser's own business: no respondWith, no cache.
});
