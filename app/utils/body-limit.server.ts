/**
 * Request bodies are read whole by Remix (`request.formData()`), so each
 * route gets a ceiling before anything is read: ordinary forms are small, the
 * photo forms take one image of at most 5 MB, and a multipart body is refused
 * past a handful of parts. A body over its limit is answered 413 as soon as
 * the limit is passed (or at once, from Content-Length), never buffered whole.
 */

import { MAX_PHOTO_BYTES } from "~/domain/image";

export const FORM_BODY_LIMIT = 64 * 1024;
/** One photo plus the form's own fields and the multipart framing. */
export const UPLOAD_BODY_LIMIT = MAX_PHOTO_BYTES + FORM_BODY_LIMIT;
export const MAX_MULTIPART_PARTS = 30;

/**
 * Set by the request handler on the bodiless request it passes on in place of a
 * photo form over the body limit (app/request-handler.server.ts): the page
 * answers 'too-large' in its own words, not a bare text page. A visitor who sends
 * it only has their own upload refused.
 */
export const PHOTO_TOO_LARGE_HEADER = "X-Acolhe-Photo-Too-Large";

/** Pages whose forms upload a photo (the account settings, under their three addresses). */
const UPLOAD_PATHS = new Set(["/settings", "/patient-profile", "/patient/profile", "/psychologist-profile"]);

export interface BodyLimit {
  maxBytes: number;
  maxParts: number;
}

export function bodyLimitFor(pathname: string): BodyLimit {
  return isUploadPath(pathname) ? { maxBytes: UPLOAD_BODY_LIMIT, maxParts: MAX_MULTIPART_PARTS } : { maxBytes: FORM_BODY_LIMIT, maxParts: MAX_MULTIPART_PARTS };
}

/** Whether `pathname` (or its single-fetch `.data`) is a page whose form uploads a photo. */
export function isUploadPath(pathname: string): boolean {
  return UPLOAD_PATHS.has(pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname);
}

function boundaryOf(contentType: string | null): string | null {
  if (!contentType?.toLowerCase().startsWith("multipart/")) return null;
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? "").trim() : null;
}

/** Parts of a multipart body: the delimiter lines (`--boundary`) less the closing one. */
function countParts(body: Uint8Array, boundary: string): number {
  const delimiter = Buffer.from(`--${boundary}`);
  const buffer = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  let count = 0;
  for (let at = buffer.indexOf(delimiter); at >= 0; at = buffer.indexOf(delimiter, at + delimiter.length)) count += 1;
  return Math.max(0, count - 1);
}

/** `reason`: over the byte limit ('size') or with too many multipart parts ('parts'). */
export type BoundedBody = { ok: true; bytes: Uint8Array } | { ok: false; reason: "size" | "parts" };

/** Reads a request's body up to its limit; `ok: false` as soon as it is known to be over. */
export async function readBoundedBody(request: Request, limit: BodyLimit): Promise<BoundedBody> {
  const declared = Number(request.headers.get("Content-Length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limit.maxBytes) {
    await request.body?.cancel().catch(() => undefined);
    return { ok: false, reason: "size" };
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit.maxBytes) {
      await reader.cancel().catch(() => undefined);
      return { ok: false, reason: "size" };
    }
    chunks.push(value);
  }
  const bytes = Buffer.concat(chunks, total);
  const boundary = boundaryOf(request.headers.get("Content-Type"));
  if (boundary && countParts(bytes, boundary) > limit.maxParts) return { ok: false, reason: "parts" };
  return { ok: true, bytes };
}
