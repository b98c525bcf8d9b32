import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";

/**
 * public/sw.js, run as written in a small stand-in for a service worker's
 * global scope: what it keeps, what it answers, and what it leaves alone.
 */

const ORIGIN = "https://acolhe.example";
const SOURCE = readFileSync(path.resolve("public/sw.js"), "utf8");
const absolute = (url: string | URL | Request) => new URL(url instanceof Request ? url.url : String(url), ORIGIN).href;

/** The Cache API over a Map of absolute URLs (no Vary: the worker's own requests carry no varying header). */
class FakeCache {
  entries = new Map<string, Response>();
  async match(request: string | Request) {
    return this.entries.get(absolute(request))?.clone();
  }
  async put(request: string | Request, response: Response) {
    this.entries.set(absolute(request), response.clone());
  }
  async addAll(requests: string[]) {
    for (const request of requests) await this.put(request, await network(request));
  }
}

class FakeCacheStorage {
  caches = new Map<string, FakeCache>();
  async open(name: string) {
    if (!this.caches.has(name)) this.caches.set(name, new FakeCache());
    return this.caches.get(name)!;
  }
  async keys() {
    return [...this.caches.keys()];
  }
  async delete(name: string) {
    return this.caches.delete(name);
  }
  async match(request: string | Request, options: { cacheName: string }) {
    return this.caches.get(options.cacheName)?.match(request);
  }
  /** Every URL kept, in any cache. */
  urls() {
    return [...this.caches.values()].flatMap((cache) => [...cache.entries.keys()]);
  }
}

let online = true;
const requests: Array<{ url: string; credentials?: RequestCredentials }> = [];

/** The server: an HTML page for a page, the offline page in the language asked for, a file for a file. */
async function network(input: string | Request, init: RequestInit = {}): Promise<Response> {
  const url = new URL(absolute(input));
  requests.push({ url: url.href, credentials: init.credentials ?? (input instanceof Request ? input.credentials : undefined) });
  if (!online) throw new TypeError("Failed to fetch");
  const html = { "Content-Type": "text/html; charset=utf-8" };
  let response: Response;
  if (url.pathname === "/offline") {
    const lng = url.searchParams.get("lng") ?? "pt-BR";
    response = new Response(`<h1>offline ${lng}</h1>`, { headers: { ...html, "Content-Language": lng } });
  } else if (/\.\w+$/.test(url.pathname) && !url.pathname.endsWith(".data")) response = new Response(`file ${url.pathname}`);
  else response = new Response(`<h1>page ${url.pathname}</h1>`, { headers: html });
  // A Response made here has type "default"; the browser's same-origin answers are "basic".
  Object.defineProperty(response, "type", { value: "basic" });
  return response;
}

type Listener = (event: any) => void;

/** Runs public/sw.js as version `v` over `storage`; returns its event listeners and the scope's spies. */
function startWorker(storage: FakeCacheStorage, version = "b1") {
  const listeners: Record<string, Listener> = {};
  const scope = {
    location: new URL(`/sw.js?v=${version}`, ORIGIN),
    addEventListener: (type: string, listener: Listener) => (listeners[type] = listener),
    skipWaiting: vi.fn(async () => undefined),
    clients: { claim: vi.fn(async () => undefined) },
    registration: { navigationPreload: { enable: vi.fn(async () => undefined) } },
  };
  new Function("self", "caches", "fetch", SOURCE)(scope, storage, network);
  return { listeners, scope };
}

/** Dispatches an extendable event and waits for what it extended. */
async function extendable(listener: Listener, fields: object = {}) {
  const waits: Promise<unknown>[] = [];
  listener({ ...fields, waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
  await Promise.all(waits);
}

/** Dispatches a fetch; returns the worker's answer, or undefined when it let the browser handle the request. */
async function dispatchFetch(listener: Listener, url: string, init: { mode?: RequestMode | "navigate"; method?: string; preload?: Response } = {}) {
  const request = new Request(new URL(url, ORIGIN), { method: init.method ?? "GET" });
  // Node's Request refuses mode "navigate", which only the browser sets.
  Object.defineProperty(request, "mode", { value: init.mode ?? "cors" });
  let answer: Promise<Response> | undefined;
  listener({ request, preloadResponse: Promise.resolve(init.preload), respondWith: (promise: Promise<Response>) => (answer = promise), waitUntil: () => undefined });
  return answer;
}

let storage: FakeCacheStorage;
let worker: ReturnType<typeof startWorker>;

beforeEach(async () => {
  online = true;
  requests.length = 0;
  storage = new FakeCacheStorage();
  worker = startWorker(storage);
  await extendable(worker.listeners.install!);
  await extendable(worker.listeners.activate!);
});

describe("service worker", () => {
  it("keeps the icons, the manifest and the offline page, fetched without cookies, when installed", async () => {
    expect(await storage.keys()).toEqual(["acolhe-b1"]);
    expect(storage.urls().sort()).toEqual(
      ["/favicon.svg", "/icons.svg", "/icons/icon-192.png", "/icons/icon-512.png", "/icons/maskable-512.png", "/offline", "/site.webmanifest"].map((p) => `${ORIGIN}${p}`),
    );
    expect(requests.find((request) => request.url === `${ORIGIN}/offline`)?.credentials).toBe("omit");
    expect(worker.scope.skipWaiting).toHaveBeenCalled();
    expect(worker.scope.clients.claim).toHaveBeenCalled();
    expect(worker.scope.registration.navigationPreload.enable).toHaveBeenCalled();
  });

  it("answers a page from the network and never keeps it", async () => {
    const answer = await dispatchFetch(worker.listeners.fetch!, "/patient-dashboard", { mode: "navigate" });
    expect(await answer!.text()).toBe("<h1>page /patient-dashboard</h1>");
    const preloaded = await dispatchFetch(worker.listeners.fetch!, "/psychologists", { mode: "navigate", preload: new Response("preloaded") });
    expect(await preloaded!.text()).toBe("preloaded");
    expect(storage.urls().filter((url) => !url.endsWith("/offline") && /dashboard|psychologists/.test(url))).toEqual([]);
  });

  it("shows the offline page when the network is gone", async () => {
    online = false;
    const answer = await dispatchFetch(worker.listeners.fetch!, "/psychologists?page=2", { mode: "navigate" });
    expect(await answer!.text()).toBe("<h1>offline pt-BR</h1>");
  });

  it("switches the offline page to the language the page reports, once", async () => {
    await extendable(worker.listeners.message!, { data: { type: "page", locale: "en" } });
    expect(requests.at(-1)).toEqual({ url: `${ORIGIN}/offline?lng=en`, credentials: "omit" });
    const count = requests.length;
    await extendable(worker.listeners.message!, { data: { type: "page", locale: "en" } });
    expect(requests.length).toBe(count);
    online = false;
    const answer = await dispatchFetch(worker.listeners.fetch!, "/", { mode: "navigate" });
    expect(await answer!.text()).toBe("<h1>offline en</h1>");
  });

  it("refuses a language that is not a language tag", async () => {
    await extendable(worker.listeners.message!, { data: { type: "page", locale: "../admin" } });
    expect(requests.some((request) => request.url.includes("admin"))).toBe(false);
  });

  it("serves build files from the cache once fetched, and keeps the page's build files it is told about", async () => {
    const first = await dispatchFetch(worker.listeners.fetch!, "/build/root-ABC123.js");
    expect(await first!.text()).toBe("file /build/root-ABC123.js");
    online = false;
    const again = await dispatchFetch(worker.listeners.fetch!, "/build/root-ABC123.js");
    expect(await again!.text()).toBe("file /build/root-ABC123.js");
    online = true;
    await extendable(worker.listeners.message!, {
      data: { type: "page", assets: [`${ORIGIN}/build/_assets/tailwind-X.css`, `${ORIGIN}/uploads/avatar.webp`, "https://evil.example/build/x.js"] },
    });
    const kept = storage.urls();
    expect(kept).toContain(`${ORIGIN}/build/_assets/tailwind-X.css`);
    expect(kept.some((url) => url.includes("uploads") || url.includes("evil"))).toBe(false);
  });

  it.each([
    ["loader data", "/patient-dashboard.data"],
    ["a dashboard's file", "/psychologist-dashboard/reports/download.pdf"],
    ["an upload", "/uploads/avatars/photo.webp"],
    ["an export", "/settings/export"],
    ["another site", "https://cdn.example/build/x.js"],
  ])("leaves %s to the browser and keeps nothing of it", async (_, url) => {
    const before = storage.urls().length;
    expect(await dispatchFetch(worker.listeners.fetch!, url)).toBeUndefined();
    expect(storage.urls().length).toBe(before);
  });

  it("leaves a form post to the browser", async () => {
    expect(await dispatchFetch(worker.listeners.fetch!, "/build/x.js", { method: "POST" })).toBeUndefined();
  });

  it("keeps no HTML but the offline page", async () => {
    await dispatchFetch(worker.listeners.fetch!, "/admin", { mode: "navigate" });
    await dispatchFetch(worker.listeners.fetch!, "/build/entry.client-X.js");
    const html = [];
    for (const cache of storage.caches.values()) {
      for (const [url, response] of cache.entries) if (response.headers.get("Content-Type")?.startsWith("text/html")) html.push(url);
    }
    expect(html).toEqual([`${ORIGIN}/offline`]);
  });

  it("drops the caches of older builds when a new one activates", async () => {
    await storage.open("acolhe-b0");
    await storage.open("another-app");
    const next = startWorker(storage, "b2");
    await extendable(next.listeners.install!);
    await extendable(next.listeners.activate!);
    expect((await storage.keys()).sort()).toEqual(["acolhe-b2", "another-app"]);
  });
});
