import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Mercado Pago's webhook signature (the `x-signature` header).
 *
 * The header reads `ts=<timestamp>,v1=<hex HMAC-SHA256>`; the HMAC, keyed with
 * the application's webhook secret, covers the manifest
 *   `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`
 * where data.id comes from the notification URL's query string (lowercased
 * when alphanumeric) and a part whose value is absent is left out entirely.
 * `ts` has been seen both in seconds and in milliseconds: either is accepted.
 *
 * Uses node:crypto, so keep it on the server (routes import it from actions).
 */

export const DEFAULT_SIGNATURE_TOLERANCE_MS = 5 * 60_000;

export type SignatureFailure =
  | "missing_header" // no x-signature at all
  | "malformed_header" // no usable ts or v1
  | "mismatch" // wrong secret, tampered id/request id/ts
  | "stale" // genuine but older than the tolerance
  | "from_future"; // genuine but dated beyond the tolerance

export type SignatureCheck = { ok: true; signedAt: Date } | { ok: false; reason: SignatureFailure };

export interface NotificationParts {
  /** The `data.id` query parameter of the notification URL. */
  dataId?: string | null;
  /** The `x-request-id` header. */
  requestId?: string | null;
}

export interface VerifyInput extends NotificationParts {
  /** The `x-signature` header. */
  signature: string | null | undefined;
  secret: string;
  now: Date;
  toleranceMs?: number;
}

export function verifyMercadoPagoSignature(input: VerifyInput): SignatureCheck {
  if (!input.signature?.trim()) return { ok: false, reason: "missing_header" };
  const parsed = parseSignatureHeader(input.signature);
  if (!parsed) return { ok: false, reason: "malformed_header" };

  const expected = hmac(input.secret, buildSignatureManifest({ ...input, ts: parsed.ts }));
  const received = Buffer.from(parsed.v1, "hex");
  // Lengths are public (SHA-256 is 32 bytes); only equal lengths reach the constant-time compare.
  if (received.length !== expected.length || !timingSafeEqual(received, expected)) return { ok: false, reason: "mismatch" };

  const signedAt = timestampToDate(parsed.ts);
  const drift = input.now.getTime() - signedAt.getTime();
  const tolerance = input.toleranceMs ?? DEFAULT_SIGNATURE_TOLERANCE_MS;
  if (drift > tolerance) return { ok: false, reason: "stale" };
  if (drift < -tolerance) return { ok: false, reason: "from_future" };
  return { ok: true, signedAt };
}

/** The signed text, exactly as Mercado Pago composes it. */
export function buildSignatureManifest({ dataId, requestId, ts }: NotificationParts & { ts: string }): string {
  const id = normalizeDataId(dataId);
  const request = requestId?.trim();
  let manifest = "";
  if (id) manifest += `id:${id};`;
  if (request) manifest += `request-id:${request};`;
  return `${manifest}ts:${ts};`;
}

/** Mercado Pago signs alphanumeric ids (e.g. orders) in lower case; numeric payment ids are unchanged. */
export function normalizeDataId(dataId: string | null | undefined): string | undefined {
  const id = dataId?.trim();
  if (!id) return undefined;
  return /^[a-z0-9]+$/i.test(id) ? id.toLowerCase() : id;
}

/** The `data.id` query parameter of a notification URL: the id the signature covers (not the body's). */
export function notificationDataId(url: string | URL): string | null {
  return new URL(url).searchParams.get("data.id");
}

export function parseSignatureHeader(header: string): { ts: string; v1: string } | null {
  let ts: string | undefined;
  let v1: string | undefined;
  for (const part of header.split(",")) {
    const separator = part.indexOf("=");
    if (separator < 0) continue;
    const key = part.slice(0, separator).trim().toLowerCase();
    const value = part.slice(separator + 1).trim();
    if (key === "ts") ts ??= value;
    else if (key === "v1") v1 ??= value;
  }
  if (!ts || !/^\d{1,16}$/.test(ts) || !v1 || !/^[0-9a-f]+$/i.test(v1) || v1.length % 2 !== 0) return null;
  return { ts, v1 };
}

/** Unix seconds until the year 5138; anything larger is milliseconds. */
function timestampToDate(ts: string): Date {
  const value = Number(ts);
  return new Date(value >= 1e11 ? value : value * 1000);
}

function hmac(secret: string, manifest: string): Buffer {
  return createHmac("sha256", secret).update(manifest).digest();
}

export interface SignInput extends NotificationParts {
  secret: string;
  now?: Date;
  /** Mercado Pago's live headers carry milliseconds; its documentation shows seconds. */
  timestampUnit?: "milliseconds" | "seconds";
}

/** A valid `x-signature` value: for the local payment provider and tests. */
export function signMercadoPagoNotification(input: SignInput): { signature: string; ts: string } {
  const now = (input.now ?? new Date()).getTime();
  const ts = String(input.timestampUnit === "seconds" ? Math.floor(now / 1000) : now);
  const v1 = hmac(input.secret, buildSignatureManifest({ ...input, ts })).toString("hex");
  return { signature: `ts=${ts},v1=${v1}`, ts };
}
