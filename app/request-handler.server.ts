import type { ServerBuild } from "@remix-run/node";
import { createRequestHandler } from "@remix-run/node";
import { getLocale } from "~/i18n/i18n.server";
import { hasSessionCookie } from "~/services/session.server";
import { cookieTimeZone } from "~/services/viewer-time-zone.server";
import { isCrossSiteRequest } from "~/utils/csrf.server";
import { env } from "~/utils/env.server";
import { ipHash } from "~/utils/ip-hash.server";
import { log, withRequestLogger } from "~/utils/logger.server";
import { bodyLimitFor, readBoundedBody } from "~/utils/body-limit.server";
import { createPageCache } from "~/utils/page-cache.server";
import { getTheme } from "~/utils/theme.server";

/**
 * Everything between the socket and Remix, as one Fetch-API function, so the
 * rules below are tested through the same handler the server runs
 * (tests/helpers/app.ts): cross-site posts refused, bodies bounded, anonymous
 * public pages kept a few seconds, private responses never stored by a cache.
 */

export interface Connection {
  /** The TCP peer's address. */
  socketAddress: string | null;
  /** The Content-Security-Policy nonce of this response. */
  cspNonce: string;
  requestId: string;
}

export type AppHandler = (request: Request, connection: Connection) => Promise<Response>;

/**
 * The visitor's address. In production Fly's proxy is the one trusted hop and
 * says who connected in `Fly-Client-IP`; `X-Forwarded-For` is written by the
 * client and never read. Elsewhere there is no proxy: the socket's peer.
 */
export function clientIp(request: Request, socketAddress: string | null): string | null {
  if (env().appEnv === "production") return request.headers.get("Fly-Client-IP")?.trim() || socketAddress;
  return socketAddress;
}

/** Marks a response no cache may keep: every answer to a signed-in visitor, and every one that sets a cookie. */
export function withPrivateCaching(request: Request, response: Response): Response {
  if (!hasSessionCookie(request) && !response.headers.has("Set-Cookie")) return response;
  // Redirects and error responses Remix built may have immutable headers.
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", "private, no-store");
  headers.append("Vary", "Cookie");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** A urlencoded form (every plain `<form method="post">`) with a NUL character (%00) in a field. */
function isFormWithNul(request: Request, body: Uint8Array): boolean {
  if (!request.headers.get("Content-Type")?.startsWith("application/x-www-form-urlencoded")) return false;
  return /%00/i.test(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("latin1"));
}

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export function createAppHandler(build: ServerBuild): AppHandler {
  const handle = createRequestHandler(build, build.mode);
  const cached = createPageCache({
    ttlSeconds: env().PAGE_CACHE_SECONDS,
    // What an anonymous visitor's public page is presented in, decided as the pages decide it.
    presentation: async (request) => [await getLocale(request), await getTheme(request), cookieTimeZone(request) ?? ""],
  });

  const config = env();
  const origin = new URL(config.APP_URL).origin;
  return async (incoming, connection) => {
    // Outside development the site has one address, APP_URL: the Host and forwarded headers a
    // client sends never become the request's URL (links, redirects, the page cache's keys).
    const url = config.appEnv === "development" ? new URL(incoming.url) : new URL(new URL(incoming.url).pathname + new URL(incoming.url).search, origin);
    // Webhooks are server-to-server: their own signature check decides.
    if (!url.pathname.startsWith("/webhooks/")) {
      const allowed = [origin, `${url.protocol}//${incoming.headers.get("Host") ?? url.host}`];
      if (isCrossSiteRequest(incoming, allowed)) return plain(403, "Requisição de outra origem recusada.");
    }

    let body: Uint8Array | null = null;
    if (incoming.body) {
      const read = await readBoundedBody(incoming, bodyLimitFor(url.pathname));
      if (!read.ok) return plain(413, "Envio grande demais.");
      body = read.bytes;
      // No text field holds a NUL (PostgreSQL cannot store one): a form carrying it is refused here, not by the database.
      if (isFormWithNul(incoming, body)) return plain(400, "Envio com caracteres inválidos.");
    }
    let request = incoming;
    if (body || url.href !== incoming.url) {
      const headers = new Headers(incoming.headers);
      if (url.href !== incoming.url) {
        headers.set("Host", url.host);
        headers.delete("X-Forwarded-Host");
      }
      request = new Request(url, { method: incoming.method, headers, body, signal: incoming.signal, duplex: "half" } as RequestInit);
    }

    const context = { cspNonce: connection.cspNonce, requestId: connection.requestId, clientIp: clientIp(request, connection.socketAddress) };
    // Audit rows written below say from which address (hashed) and request they came.
    const parent = log();
    const logger = parent.child({
      ...(parent.bindings().requestId ? {} : { requestId: connection.requestId }),
      ...(context.clientIp ? { ipHash: ipHash(context.clientIp, config.SESSION_SECRET) } : {}),
    });
    const response = await withRequestLogger(logger, () => cached(request, context.cspNonce, () => handle(request, context)));
    return withPrivateCaching(request, response);
  };
}
