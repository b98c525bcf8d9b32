import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import { createRequestHandler } from "@remix-run/node";
import { getLocale } from "~/i18n/i18n.server";
import { withRequestLocaleScope } from "~/i18n/request-locale.server";
import { refusalText } from "~/i18n/server-texts.server";
// zod's messages for rules a schema left unworded, in the request's language.
import "~/i18n/validation-errors.server";
import { hasSessionCookie } from "~/services/session.server";
import { cookieTimeZone } from "~/services/viewer-time-zone.server";
import { isCrossSiteRequest } from "~/utils/csrf.server";
import { env } from "~/utils/env.server";
import { ipHash } from "~/utils/ip-hash.server";
import { log, withRequestLogger } from "~/utils/logger.server";
import { bodyLimitFor, isUploadPath, PHOTO_TOO_LARGE_HEADER, readBoundedBody } from "~/utils/body-limit.server";
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
 * The visitor's address. In production and staging (both on Fly) Fly's proxy
 * is the one trusted hop and says who connected in `Fly-Client-IP`; without
 * it every visitor would share the proxy's address for the rate limits.
 * `X-Forwarded-For` is written by the client and never read. In development
 * there is no proxy: the socket's peer.
 */
export function clientIp(request: Request, socketAddress: string | null): string | null {
  if (env().appEnv !== "development") return request.headers.get("Fly-Client-IP")?.trim() || socketAddress;
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

/**
 * PostgreSQL cannot store a NUL character (U+0000) in text, and none is ever
 * legitimate in this app's text. In the address it is dropped: a link, like
 * `?q=%00`, still opens its page, whatever kind of request follows it. A form
 * whose text carries one is refused (refusedForm) — urlencoded or multipart;
 * a file's bytes may hold NULs (photos do), only its name is looked at.
 */
function withoutNul(url: URL): URL {
  const clean = new URL(url);
  // Again until none is left: removing '%00' from '%%0000' leaves '%00'.
  while (/%00/i.test(clean.pathname + clean.search)) {
    clean.pathname = clean.pathname.replace(/%00/gi, "");
    clean.search = clean.search.replace(/%00/gi, "");
  }
  return clean;
}

async function isFormWithNul(request: Request, body: Uint8Array): Promise<boolean> {
  const type = request.headers.get("Content-Type") ?? "";
  if (/^application\/x-www-form-urlencoded/i.test(type)) {
    // Encoded (%00) or sent raw: either decodes to a NUL.
    return body.includes(0) || /%00/i.test(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("latin1"));
  }
  if (!/^multipart\/form-data/i.test(type)) return false;
  let form: FormData;
  try {
    form = await new Response(body as BodyInit, { headers: { "Content-Type": type } }).formData();
  } catch {
    return false; // Not a readable form: the route's own parse answers it.
  }
  for (const [name, value] of form) {
    if (name.includes("\0") || (typeof value === "string" ? value : value.name).includes("\0")) return true;
  }
  return false;
}

/** Where a refused form is sent inside Remix: an address only the catch-all route ($.tsx) answers. */
const REFUSED_PATH = "/__refused";

/**
 * The refusal as the app's own error page (400, in the visitor's language):
 * a bodiless POST to the catch-all route, whose action throws it when the
 * load context says why. A single-fetch submission (`.data`) gets it as its
 * action's error, shown by the page's error boundary.
 */
function refusedForm(request: Request, url: URL): Request {
  const path = url.pathname.endsWith(".data") ? `${REFUSED_PATH}.data` : REFUSED_PATH;
  return new Request(new URL(path, url), { method: "POST", headers: bodilessHeaders(request, url), signal: request.signal });
}

/**
 * A photo form over the upload limit (a phone's picture of 6 MB, say): its page
 * answers it as its own 'too-large' refusal (413, 'A imagem deve ter no máximo
 * 5MB.' by the photo field), with the page around it, instead of a bare text
 * page without JavaScript or the error page with it. Bodiless: nothing of it was kept.
 */
function photoTooLarge(request: Request, url: URL): Request {
  const headers = bodilessHeaders(request, url);
  headers.set(PHOTO_TOO_LARGE_HEADER, "1");
  return new Request(url, { method: "POST", headers, signal: request.signal });
}

/** The request's headers for a POST passed on without its body, addressed to the host it came to. */
function bodilessHeaders(request: Request, url: URL): Headers {
  const headers = new Headers(request.headers);
  headers.delete("Content-Type");
  headers.delete("Content-Length");
  headers.set("Host", url.host);
  headers.delete("X-Forwarded-Host");
  return headers;
}

/** A refusal before any route runs, as plain text in the visitor's language. */
async function refused(request: Request, status: number, key: "crossOrigin" | "tooLarge"): Promise<Response> {
  const { locale, text } = await refusalText(request, key);
  return new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Content-Language": locale } });
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
    const url = withoutNul(config.appEnv === "development" ? new URL(incoming.url) : new URL(new URL(incoming.url).pathname + new URL(incoming.url).search, origin));
    // Webhooks are server-to-server: their own signature check decides.
    if (!url.pathname.startsWith("/webhooks/")) {
      const allowed = [origin, `${url.protocol}//${incoming.headers.get("Host") ?? url.host}`];
      if (isCrossSiteRequest(incoming, allowed)) return refused(incoming, 403, "crossOrigin");
    }

    let body: Uint8Array | null = null;
    let refusal: AppLoadContext["refusal"];
    let tooLargePhoto = false;
    if (incoming.body) {
      const read = await readBoundedBody(incoming, bodyLimitFor(url.pathname));
      if (!read.ok && read.reason === "size" && incoming.method === "POST" && isUploadPath(url.pathname)) tooLargePhoto = true;
      else if (!read.ok) return refused(incoming, 413, "tooLarge");
      else {
        body = read.bytes;
        // Refused here, before any route runs, not by the database halfway through a write.
        if (await isFormWithNul(incoming, body)) refusal = "invalid_characters";
      }
    }
    let request = incoming;
    if (tooLargePhoto) request = photoTooLarge(incoming, url);
    else if (refusal) request = refusedForm(incoming, url);
    else if (body || url.href !== incoming.url) {
      const headers = new Headers(incoming.headers);
      if (url.href !== incoming.url) {
        headers.set("Host", url.host);
        headers.delete("X-Forwarded-Host");
      }
      request = new Request(url, { method: incoming.method, headers, body, signal: incoming.signal, duplex: "half" } as RequestInit);
    }

    const context = { cspNonce: connection.cspNonce, requestId: connection.requestId, clientIp: clientIp(request, connection.socketAddress), refusal };
    // Audit rows written below say from which address (hashed) and request they came.
    const parent = log();
    const logger = parent.child({
      ...(parent.bindings().requestId ? {} : { requestId: connection.requestId }),
      ...(context.clientIp ? { ipHash: ipHash(context.clientIp, config.SESSION_SECRET) } : {}),
    });
    const response = await withRequestLogger(logger, () => withRequestLocaleScope(() => cached(request, context.cspNonce, () => handle(request, context))));
    return withPrivateCaching(request, response);
  };
}
