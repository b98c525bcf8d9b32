import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createPageCache, sharablePage, type PageCacheOptions } from "./page-cache.server";

const ORIGIN = "https://acolhe.test";

function get(path: string, headers: Record<string, string> = {}) {
  return new Request(`${ORIGIN}${path}`, { headers });
}

/** A render that counts its calls and writes the nonce where Remix would. */
function renderer(init: { status?: number; headers?: Record<string, string>; body?: string } = {}) {
  const calls: string[] = [];
  const renderFor = (nonce: string) => async () => {
    calls.push(nonce);
    const body = init.body ?? `<script nonce="${nonce}">window.__n=${calls.length}</script><p>página</p><script nonce="${nonce}"></script>`;
    return new Response(body, { status: init.status ?? 200, headers: { "Content-Type": "text/html; charset=utf-8", ...init.headers } });
  };
  return { calls, renderFor };
}

describe("sharablePage", () => {
  it.each([
    "/",
    "/psychologists",
    "/psychologists?q=ansiedade&price=150-250&sort=price-low",
    "/psychologists/abc",
    "/psychologist/abc",
    "/psychologist-details/abc",
    "/how-it-works",
    "/terms",
    "/privacy",
    "/_root.data",
    "/psychologists.data?q=x",
    "/psychologist-details/abc.data",
  ])("keeps the public page %s", (path) => {
    expect(sharablePage(get(path))).not.toBeNull();
  });

  it.each([
    "/schedule/step1?psychologistId=abc",
    "/schedule/step2",
    "/login",
    "/register",
    "/patient-dashboard",
    "/psychologist-dashboard",
    "/admin",
    "/settings",
    "/psychologists/abc/extra",
    "/dev/outbox",
    "/sitemap.xml",
    "/api/analytics/events",
  ])("never keeps %s", (path) => {
    expect(sharablePage(get(path))).toBeNull();
  });

  it("only keeps GET requests", () => {
    for (const method of ["POST", "PUT", "DELETE", "HEAD"]) {
      expect(sharablePage(new Request(`${ORIGIN}/psychologists`, { method }))).toBeNull();
    }
  });

  it("renders for the visitor alone when any cookie but language, theme and time zone is sent", () => {
    expect(sharablePage(get("/", { Cookie: "__acolhe_session=abc" }))).toBeNull();
    expect(sharablePage(get("/", { Cookie: "acolhe_lng=en; __session=toast" }))).toBeNull();
    expect(sharablePage(get("/", { Cookie: "tz=America%2FSao_Paulo; acolhe_after_login=x" }))).toBeNull();
    expect(sharablePage(get("/", { Cookie: "acolhe_lng=en; acolhe_theme=dark; tz=Europe%2FLisbon" }))).not.toBeNull();
  });

  it("is the page's path and query, never the host a client names", () => {
    expect(sharablePage(get("/psychologists?q=ansiedade&sort=name"))).toBe("/psychologists?q=ansiedade&sort=name");
  });
});

/** As the server decides it: the language cookie, else the first Accept-Language tag; the theme cookie; the zone cookie. */
const presentation: PageCacheOptions["presentation"] = async (request) => {
  const cookie = request.headers.get("Cookie") ?? "";
  const read = (name: string) => new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(cookie)?.[1] ?? "";
  const language = read("acolhe_lng") || (request.headers.get("Accept-Language") ?? "pt-BR").split(/[,;]/)[0]!;
  return [language, read("acolhe_theme") || "light", read("tz")];
};
const pageCache = (options: Partial<PageCacheOptions> = {}) => createPageCache({ ttlSeconds: 60, presentation, ...options });

describe("createPageCache", () => {
  it("renders a public page once and serves it again with each request's own nonce", async () => {
    const cache = pageCache();
    const { calls, renderFor } = renderer();

    const first = await cache(get("/psychologists"), "nonce-one", renderFor("nonce-one"));
    const second = await cache(get("/psychologists"), "nonce-two", renderFor("nonce-two"));

    expect(calls).toEqual(["nonce-one"]);
    expect(first.headers.get("X-Page-Cache")).toBe("miss");
    expect(second.headers.get("X-Page-Cache")).toBe("hit");
    expect(second.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    const html = await second.text();
    expect(html).toBe('<script nonce="nonce-two">window.__n=1</script><p>página</p><script nonce="nonce-two"></script>');
    expect(await first.text()).toContain('nonce="nonce-one"');
  });

  it("sends a kept page gzipped, compressed once, with this response's nonce in it", async () => {
    const cache = pageCache();
    const { renderFor } = renderer();
    const gzip = { "Accept-Encoding": "gzip, deflate, br, zstd" };
    await cache(get("/privacy", gzip), "nonce-one", renderFor("nonce-one"));
    const response = await cache(get("/privacy", gzip), "nonce-two", renderFor("nonce-two"));
    expect(response.headers.get("Content-Encoding")).toBe("gzip");
    expect(response.headers.get("Vary")).toMatch(/Accept-Encoding/);
    const html = gunzipSync(Buffer.from(await response.arrayBuffer())).toString();
    expect(html).toBe('<script nonce="nonce-two">window.__n=1</script><p>página</p><script nonce="nonce-two"></script>');
  });

  it("sends it as it is when a nonce is not as long as the one it was kept with", async () => {
    const cache = pageCache();
    const { renderFor } = renderer();
    const gzip = { "Accept-Encoding": "gzip" };
    await cache(get("/privacy", gzip), "short", renderFor("short"));
    const response = await cache(get("/privacy", gzip), "a-longer-nonce", renderFor("a-longer-nonce"));
    expect(response.headers.get("Content-Encoding")).toBeNull();
    expect(await response.text()).toBe('<script nonce="a-longer-nonce">window.__n=1</script><p>página</p><script nonce="a-longer-nonce"></script>');
  });

  it.each([["no Accept-Encoding", {}], ["gzip refused", { "Accept-Encoding": "br, gzip;q=0" }], ["only brotli", { "Accept-Encoding": "br" }]])(
    "sends it as it is to a client with %s",
    async (_name, headers: Record<string, string>) => {
      const cache = pageCache();
      const { renderFor } = renderer();
      await cache(get("/terms", headers), "a", renderFor("a"));
      const response = await cache(get("/terms", headers), "b", renderFor("b"));
      expect(response.headers.get("Content-Encoding")).toBeNull();
      expect(await response.text()).toContain('nonce="b"');
    },
  );

  it("renders again once the page is older than its time", async () => {
    const cache = pageCache({ ttlSeconds: 0.05 });
    const { calls, renderFor } = renderer();
    await cache(get("/"), "a", renderFor("a"));
    await cache(get("/"), "b", renderFor("b"));
    await new Promise((resolve) => setTimeout(resolve, 80));
    const later = await cache(get("/"), "c", renderFor("c"));
    expect(calls).toEqual(["a", "c"]);
    expect(later.headers.get("X-Page-Cache")).toBe("miss");
  });

  it("renders concurrent misses of one page once", async () => {
    const cache = pageCache();
    const { calls, renderFor } = renderer();
    const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => cache(get("/terms"), `n${i}`, renderFor(`n${i}`))));
    expect(calls).toHaveLength(1);
    const bodies = await Promise.all(responses.map((response) => response.text()));
    bodies.forEach((body, i) => expect(body).toContain(`nonce="n${i}"`));
  });

  it("shares one page between visitors presented the same way, whatever their headers", async () => {
    const cache = pageCache();
    const { calls, renderFor } = renderer();
    await cache(get("/", { "Accept-Language": "pt-BR,pt;q=0.9,en-US;q=0.8" }), "a", renderFor("a"));
    await cache(get("/", { "Accept-Language": "pt-BR", "User-Agent": "other" }), "b", renderFor("b"));
    await cache(get("/", { "Accept-Language": "en", Cookie: "acolhe_lng=pt-BR" }), "c", renderFor("c"));
    expect(calls).toEqual(["a"]);
  });

  it("keeps separate pages for each language, theme, time zone, address and filter", async () => {
    const cache = pageCache();
    const { calls, renderFor } = renderer();
    const requests = [
      get("/psychologists"),
      get("/psychologists", { Cookie: "acolhe_lng=en" }),
      get("/psychologists", { "Accept-Language": "es" }),
      get("/psychologists", { Cookie: "acolhe_theme=dark" }),
      get("/psychologists", { Cookie: "tz=Europe%2FLisbon" }),
      get("/psychologists?sort=name"),
    ];
    for (const [index, request] of requests.entries()) await cache(request, `n${index}`, renderFor(`n${index}`));
    for (const [index, request] of requests.entries()) await cache(request, `again${index}`, renderFor(`again${index}`));
    expect(calls).toEqual(requests.map((_, index) => `n${index}`));
  });

  it("keeps separate pages for separate languages and filters", async () => {
    const cache = pageCache();
    const { calls, renderFor } = renderer();
    await cache(get("/psychologists"), "a", renderFor("a"));
    await cache(get("/psychologists", { Cookie: "acolhe_lng=en" }), "b", renderFor("b"));
    await cache(get("/psychologists?q=ansiedade"), "c", renderFor("c"));
    await cache(get("/psychologists", { Cookie: "acolhe_lng=en" }), "d", renderFor("d"));
    expect(calls).toEqual(["a", "b", "c"]);
  });

  it("renders every request of a signed-in visitor and leaves the response untouched", async () => {
    const cache = pageCache();
    const { calls, renderFor } = renderer();
    const signedIn = { Cookie: "__acolhe_session=token" };
    await cache(get("/psychologists"), "a", renderFor("a"));
    const response = await cache(get("/psychologists", signedIn), "b", renderFor("b"));
    await cache(get("/psychologists", signedIn), "c", renderFor("c"));
    expect(calls).toEqual(["a", "b", "c"]);
    expect(response.headers.get("X-Page-Cache")).toBeNull();
    expect(await response.text()).toContain("window.__n=2");
  });

  it.each<[string, { status?: number; headers?: Record<string, string> }]>([
    ["a 404", { status: 404 }],
    ["a redirect", { status: 302, headers: { Location: "/" } }],
    ["a 500", { status: 500 }],
    ["a response setting a cookie", { headers: { "Set-Cookie": "acolhe_lng=en; Path=/" } }],
    ["a private response", { headers: { "Cache-Control": "private, no-cache" } }],
    ["a no-store response", { headers: { "Cache-Control": "no-store" } }],
  ])("never keeps %s, and gives the rendering request its own response", async (_name, init) => {
    const cache = pageCache();
    const { calls, renderFor } = renderer(init);
    const first = await cache(get("/psychologists/abc"), "a", renderFor("a"));
    await cache(get("/psychologists/abc"), "b", renderFor("b"));
    expect(calls).toEqual(["a", "b"]);
    expect(first.status).toBe(init.status ?? 200);
    expect(first.headers.get("X-Page-Cache")).toBeNull();
  });

  it("lets requests that waited on a response it may not keep render their own", async () => {
    const cache = pageCache();
    const { calls, renderFor } = renderer({ headers: { "Set-Cookie": "x=1" } });
    const responses = await Promise.all(["a", "b", "c"].map((nonce) => cache(get("/"), nonce, renderFor(nonce))));
    expect(responses.every((response) => response.status === 200)).toBe(true);
    expect(new Set(calls)).toEqual(new Set(["a", "b", "c"]));
  });

  it("is off at 0 seconds", async () => {
    const cache = pageCache({ ttlSeconds: 0 });
    const { calls, renderFor } = renderer();
    await cache(get("/"), "a", renderFor("a"));
    await cache(get("/"), "b", renderFor("b"));
    expect(calls).toEqual(["a", "b"]);
  });

  it("forgets the least recently used pages beyond its memory bound", async () => {
    const body = "x".repeat(1_000);
    const cache = pageCache({ maxBytes: 2_500 });
    const { calls, renderFor } = renderer({ body });
    for (const path of ["/terms", "/privacy", "/how-it-works", "/terms"]) await cache(get(path), path, renderFor(path));
    expect(calls).toEqual(["/terms", "/privacy", "/how-it-works", "/terms"]);
  });
});
