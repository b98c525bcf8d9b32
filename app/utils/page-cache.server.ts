import { LRUCache } from "lru-cache";
import { prepareSplice, splicedGzip, type Splice } from "./spliced-gzip.server";

/**
 * A few seconds of memory for the public pages anonymous visitors read
 * (docs/decisions/012-public-page-cache.md).
 *
 * Such a page depends only on its URL and on how the app presents it to this
 * visitor — the language, theme and time zone it decides from the request's
 * cookies and headers. So the rendered response is kept under exactly those
 * and served again until it is `ttlSeconds` old. A request carrying anything
 * else — a session, a toast, any cookie not on the list — is rendered as
 * usual, and so is every request that is not a GET of a public page.
 * Concurrent misses of one key render once.
 *
 * The kept HTML carries the CSP nonce of the request that rendered it; each
 * response gets its own request's nonce in its place. The rest of the page is
 * gzipped once, when kept (./spliced-gzip.server.ts), not for every response.
 */

/** Public pages, after a single-fetch data URL is mapped back to its page. */
const PUBLIC_PAGES = [
  /^\/$/,
  /^\/psychologists(?:\/[^/]+)?$/,
  /^\/psychologist\/[^/]+$/,
  /^\/psychologist-details\/[^/]+$/,
  /^\/(?:how-it-works|terms|privacy)$/,
];

/** Cookies that only choose how a public page is presented (the presentation decides from them). */
const PRESENTATION_COOKIES = ["acolhe_lng", "acolhe_theme", "tz"];

export interface PageCacheOptions {
  /** How long a page is served again; 0 turns the cache off. */
  ttlSeconds: number;
  /**
   * How the app presents a public page to this request (language, theme,
   * time zone), as decided from its cookies and headers: part of the key, so
   * visitors whose headers differ but who get the same page share it.
   */
  presentation: (request: Request) => Promise<readonly string[]>;
  /** Memory bound for all kept pages together. */
  maxBytes?: number;
}

interface KeptPage {
  status: number;
  headers: Array<[string, string]>;
  /** The body cut at the rendering request's nonce, its parts compressed once. */
  body: Splice;
}

interface Miss {
  nonce: string;
  render: () => Promise<Response>;
  /** Set when this request rendered a response that may not be kept. */
  unkept?: Response;
  rendered?: boolean;
}

export type PageCache = (request: Request, nonce: string, render: () => Promise<Response>) => Promise<Response>;

/** The path of the page a request is for: `/psychologists.data` → `/psychologists`, `/_root.data` → `/`. */
function pagePath(pathname: string): string {
  const path = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  return path === "/_root" ? "/" : path;
}

function cookieNames(header: string | null): Set<string> {
  const names = new Set<string>();
  for (const part of header?.split(";") ?? []) {
    const index = part.indexOf("=");
    const name = (index < 0 ? part : part.slice(0, index)).trim();
    if (name) names.add(name);
  }
  return names;
}

/** The address of the public page a request may share with others, or null when it must be rendered for this request alone. */
export function sharablePage(request: Request): string | null {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (!PUBLIC_PAGES.some((page) => page.test(pagePath(url.pathname)))) return null;
  if ([...cookieNames(request.headers.get("Cookie"))].some((name) => !PRESENTATION_COOKIES.includes(name))) return null;
  // The path alone: the app has one origin, and the Host a client sends must not split or poison the cache.
  return url.pathname + url.search;
}

/** Only a plain 200 that sets nothing and allows keeping is shared between visitors. */
function mayKeep(response: Response): boolean {
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  return response.status === 200 && !response.headers.has("Set-Cookie") && !/no-store|private/i.test(cacheControl);
}

/** `body` cut at every occurrence of `nonce` (kept as bytes: a hit then encodes nothing). */
function cutAt(body: Buffer, nonce: string): Buffer[] {
  if (!nonce) return [body];
  const separator = Buffer.from(nonce);
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = body.indexOf(separator); at >= 0; at = body.indexOf(separator, start)) {
    parts.push(body.subarray(start, at));
    start = at + separator.length;
  }
  parts.push(body.subarray(start));
  return parts;
}

/** Whether the client takes gzip (every browser does; a `gzip;q=0` refuses it). */
function acceptsGzip(request: Request): boolean {
  return (request.headers.get("Accept-Encoding") ?? "").split(",").some((entry) => {
    const [coding, ...parameters] = entry.split(";").map((part) => part.trim().toLowerCase());
    const quality = parameters.find((parameter) => parameter.startsWith("q="));
    return coding === "gzip" && (quality === undefined || Number(quality.slice(2)) > 0);
  });
}

function replay({ status, headers: kept, body }: KeptPage, nonce: string, outcome: "hit" | "miss", gzip: boolean): Response {
  const separator = Buffer.from(nonce);
  const headers = new Headers(kept);
  headers.set("X-Page-Cache", outcome);
  headers.append("Vary", "Accept-Encoding");
  // Nonces are all the same length; one of another would not fit the compressed parts.
  if (gzip && separator.length === body.valueLength) {
    // Already encoded: the compression middleware leaves it as it is.
    headers.set("Content-Encoding", "gzip");
    return new Response(splicedGzip(body, separator), { status, headers });
  }
  return new Response(Buffer.concat(body.parts.flatMap((part, index) => (index === 0 ? [part] : [separator, part]))), { status, headers });
}

/** Every cache this process made, so a change to what public pages show can empty them at once. */
const processCaches = new Set<{ clear(): void }>();

/**
 * Forgets every kept page of this process: called when a psychologist is
 * edited, suspended or approved, so no visitor sees the old page for the
 * rest of the TTL. (Other processes keep theirs for at most the TTL.)
 */
export function purgePublicPages() {
  for (const cache of processCaches) cache.clear();
}

/** Another cache of what public pages show (e.g. the directory's figures), emptied with them. */
export function purgedWithPublicPages(cache: { clear(): void }) {
  processCaches.add(cache);
}

export function createPageCache({ ttlSeconds, presentation, maxBytes = 32 * 1024 * 1024 }: PageCacheOptions): PageCache {
  if (ttlSeconds <= 0) return (_request, _nonce, render) => render();

  const pages = new LRUCache<string, KeptPage, Miss>({
    ttl: ttlSeconds * 1000,
    maxSize: maxBytes,
    sizeCalculation: ({ body }) => Math.max(1, [...body.parts, ...body.deflated].reduce((sum, part) => sum + part.byteLength, 0)),
    fetchMethod: async (_key, _stale, { context }) => {
      context.rendered = true;
      const response = await context.render();
      if (!mayKeep(response)) {
        context.unkept = response;
        return undefined;
      }
      const parts = cutAt(Buffer.from(await response.arrayBuffer()), context.nonce);
      return { status: response.status, headers: [...response.headers], body: prepareSplice(parts, Buffer.byteLength(context.nonce)) };
    },
  });
  processCaches.add(pages);

  return async (request, nonce, render) => {
    const page = sharablePage(request);
    if (page === null) return render();
    const key = [page, ...(await presentation(request))].join("\n");
    const miss: Miss = { nonce, render };
    const kept = await pages.fetch(key, { context: miss });
    if (kept) return replay(kept, nonce, miss.rendered ? "miss" : "hit", acceptsGzip(request));
    // Not kept: this request's own response, or (when it waited on another's) its own render.
    return miss.unkept ?? render();
  };
}
