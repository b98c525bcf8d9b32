import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  buildSignatureManifest,
  normalizeDataId,
  notificationDataId,
  parseSignatureHeader,
  signMercadoPagoNotification,
  verifyMercadoPagoSignature,
  type VerifyInput,
} from "./mercadopago-signature";

const SECRET = "test-webhook-secret";
const TS_MS = "1741000000000"; // 2025-03-03T11:06:40Z
const SIGNED_AT = new Date(1741000000000);

/** The HMAC of a manifest written out by hand: an independent check of the format. */
const hmacHex = (manifest: string, secret = SECRET) => createHmac("sha256", secret).update(manifest).digest("hex");

function verify(overrides: Partial<VerifyInput>) {
  return verifyMercadoPagoSignature({
    signature: `ts=${TS_MS},v1=${hmacHex(`id:123456;request-id:req-1;ts:${TS_MS};`)}`,
    dataId: "123456",
    requestId: "req-1",
    secret: SECRET,
    now: SIGNED_AT,
    ...overrides,
  });
}

describe("verifyMercadoPagoSignature", () => {
  it("accepts a signature over id, request id and ts", () => {
    expect(verify({})).toEqual({ ok: true, signedAt: SIGNED_AT });
  });

  it("accepts a timestamp in seconds", () => {
    const signature = `ts=1741000000,v1=${hmacHex("id:123456;request-id:req-1;ts:1741000000;")}`;
    expect(verify({ signature })).toEqual({ ok: true, signedAt: SIGNED_AT });
  });

  it("accepts upper-case hex, spaces and either order of the header's parts", () => {
    const v1 = hmacHex(`id:123456;request-id:req-1;ts:${TS_MS};`);
    expect(verify({ signature: `ts=${TS_MS},v1=${v1.toUpperCase()}` }).ok).toBe(true);
    expect(verify({ signature: ` v1=${v1} , ts=${TS_MS} ` }).ok).toBe(true);
  });

  it("refuses a signature made with another secret", () => {
    const signature = `ts=${TS_MS},v1=${hmacHex(`id:123456;request-id:req-1;ts:${TS_MS};`, "another-secret")}`;
    expect(verify({ signature })).toEqual({ ok: false, reason: "mismatch" });
    expect(verify({ secret: "another-secret" })).toEqual({ ok: false, reason: "mismatch" });
  });

  it("refuses a tampered data id", () => {
    expect(verify({ dataId: "123457" })).toEqual({ ok: false, reason: "mismatch" });
  });

  it("refuses a tampered request id", () => {
    expect(verify({ requestId: "req-2" })).toEqual({ ok: false, reason: "mismatch" });
  });

  it("refuses a tampered timestamp", () => {
    const v1 = hmacHex(`id:123456;request-id:req-1;ts:${TS_MS};`);
    expect(verify({ signature: `ts=1741000000001,v1=${v1}` })).toEqual({ ok: false, reason: "mismatch" });
  });

  it("refuses a part that was signed but is now missing", () => {
    expect(verify({ dataId: null })).toEqual({ ok: false, reason: "mismatch" });
    expect(verify({ requestId: undefined })).toEqual({ ok: false, reason: "mismatch" });
  });

  it("verifies without data.id when it was signed without it", () => {
    const signature = `ts=${TS_MS},v1=${hmacHex(`request-id:req-1;ts:${TS_MS};`)}`;
    expect(verify({ signature, dataId: undefined }).ok).toBe(true);
    expect(verify({ signature, dataId: "" }).ok).toBe(true);
  });

  it("verifies without x-request-id when it was signed without it", () => {
    const signature = `ts=${TS_MS},v1=${hmacHex(`id:123456;ts:${TS_MS};`)}`;
    expect(verify({ signature, requestId: null }).ok).toBe(true);
  });

  it("verifies with only the timestamp", () => {
    const signature = `ts=${TS_MS},v1=${hmacHex(`ts:${TS_MS};`)}`;
    expect(verify({ signature, dataId: null, requestId: null }).ok).toBe(true);
  });

  it("lower-cases an alphanumeric data.id before checking", () => {
    const signature = `ts=${TS_MS},v1=${hmacHex(`id:ord01jq4s4ky8;request-id:req-1;ts:${TS_MS};`)}`;
    expect(verify({ signature, dataId: "ORD01JQ4S4KY8" }).ok).toBe(true);
  });

  it("leaves a data.id that is not alphanumeric as it is", () => {
    const signature = `ts=${TS_MS},v1=${hmacHex(`id:ABC-1;request-id:req-1;ts:${TS_MS};`)}`;
    expect(verify({ signature, dataId: "ABC-1" }).ok).toBe(true);
    expect(verify({ signature, dataId: "abc-1" }).ok).toBe(false);
  });

  it.each([undefined, null, "", "   "])("reports a missing header (%j)", (signature) => {
    expect(verify({ signature })).toEqual({ ok: false, reason: "missing_header" });
  });

  it.each([
    ["no separators", "garbage"],
    ["no ts", `v1=${"ab".repeat(32)}`],
    ["no v1", `ts=${TS_MS}`],
    ["a non-numeric ts", `ts=yesterday,v1=${"ab".repeat(32)}`],
    ["a negative ts", `ts=-1741000000,v1=${"ab".repeat(32)}`],
    ["a non-hex v1", `ts=${TS_MS},v1=${"zz".repeat(32)}`],
    ["an odd-length v1", `ts=${TS_MS},v1=abc`],
    ["empty values", "ts=,v1="],
  ])("reports a malformed header: %s", (_why, signature) => {
    expect(verify({ signature })).toEqual({ ok: false, reason: "malformed_header" });
  });

  it("reports a mismatch, without throwing, for a hash of the wrong length", () => {
    expect(verify({ signature: `ts=${TS_MS},v1=${"ab".repeat(16)}` })).toEqual({ ok: false, reason: "mismatch" });
    expect(verify({ signature: `ts=${TS_MS},v1=${hmacHex(`id:123456;request-id:req-1;ts:${TS_MS};`)}00` })).toEqual({ ok: false, reason: "mismatch" });
  });

  describe("time tolerance (5 minutes by default)", () => {
    const at = (offsetMs: number) => new Date(SIGNED_AT.getTime() + offsetMs);

    it("accepts a notification exactly 5 minutes old", () => expect(verify({ now: at(5 * 60_000) }).ok).toBe(true));
    it("refuses one a millisecond older", () => expect(verify({ now: at(5 * 60_000 + 1) })).toEqual({ ok: false, reason: "stale" }));
    it("accepts one dated exactly 5 minutes ahead", () => expect(verify({ now: at(-5 * 60_000) }).ok).toBe(true));
    it("refuses one dated further ahead", () => expect(verify({ now: at(-5 * 60_000 - 1) })).toEqual({ ok: false, reason: "from_future" }));

    it("applies the same bounds to a timestamp in seconds", () => {
      const signature = `ts=1741000000,v1=${hmacHex("id:123456;request-id:req-1;ts:1741000000;")}`;
      expect(verify({ signature, now: at(5 * 60_000) }).ok).toBe(true);
      expect(verify({ signature, now: at(5 * 60_000 + 1) })).toEqual({ ok: false, reason: "stale" });
      expect(verify({ signature, now: at(-5 * 60_000 - 1) })).toEqual({ ok: false, reason: "from_future" });
    });

    it("takes a custom tolerance", () => {
      expect(verify({ now: at(30_000), toleranceMs: 30_000 }).ok).toBe(true);
      expect(verify({ now: at(30_001), toleranceMs: 30_000 })).toEqual({ ok: false, reason: "stale" });
    });

    it("reports a forged old notification as a mismatch, not as stale", () => {
      const signature = `ts=1000000000000,v1=${hmacHex("id:123456;request-id:req-1;ts:1000000000000;", "wrong")}`;
      expect(verify({ signature })).toEqual({ ok: false, reason: "mismatch" });
    });
  });
});

describe("buildSignatureManifest", () => {
  it.each([
    [{ dataId: "123", requestId: "r", ts: "1" }, "id:123;request-id:r;ts:1;"],
    [{ dataId: "123", ts: "1" }, "id:123;ts:1;"],
    [{ requestId: "r", ts: "1" }, "request-id:r;ts:1;"],
    [{ dataId: " ", requestId: "", ts: "1" }, "ts:1;"],
    [{ dataId: "AbC9", requestId: "R-UPPER", ts: "1" }, "id:abc9;request-id:R-UPPER;ts:1;"],
  ])("writes %j as %s", (parts, manifest) => {
    expect(buildSignatureManifest(parts)).toBe(manifest);
  });
});

describe("helpers", () => {
  it("normalizes data ids", () => {
    expect(normalizeDataId("123456")).toBe("123456");
    expect(normalizeDataId("ORD01ABC")).toBe("ord01abc");
    expect(normalizeDataId("a_B")).toBe("a_B");
    expect(normalizeDataId(null)).toBeUndefined();
  });

  it("reads data.id from the notification URL, not another parameter", () => {
    expect(notificationDataId("https://acolhe.com.br/webhooks/mercadopago?data.id=123&type=payment&id=999")).toBe("123");
    expect(notificationDataId("https://acolhe.com.br/webhooks/mercadopago?id=999&topic=payment")).toBeNull();
  });

  it("parses a header", () => {
    expect(parseSignatureHeader("ts=1,v1=ab,v2=cd")).toEqual({ ts: "1", v1: "ab" });
  });
});

describe("signMercadoPagoNotification", () => {
  it("produces a header the verifier accepts", () => {
    const now = new Date("2025-03-03T12:00:00Z");
    const { signature, ts } = signMercadoPagoNotification({ secret: SECRET, dataId: "987", requestId: "req-9", now });
    expect(ts).toBe(String(now.getTime()));
    expect(signature).toBe(`ts=${ts},v1=${hmacHex(`id:987;request-id:req-9;ts:${ts};`)}`);
    expect(verifyMercadoPagoSignature({ signature, dataId: "987", requestId: "req-9", secret: SECRET, now })).toEqual({ ok: true, signedAt: now });
  });

  it("can date the signature in seconds", () => {
    const now = new Date("2025-03-03T12:00:00.999Z");
    const { signature, ts } = signMercadoPagoNotification({ secret: SECRET, dataId: "987", now, timestampUnit: "seconds" });
    expect(ts).toBe("1741003200");
    expect(verifyMercadoPagoSignature({ signature, dataId: "987", secret: SECRET, now }).ok).toBe(true);
  });

  it("signs for one id only", () => {
    const now = new Date();
    const { signature } = signMercadoPagoNotification({ secret: SECRET, dataId: "987", requestId: "req-9", now });
    expect(verifyMercadoPagoSignature({ signature, dataId: "988", requestId: "req-9", secret: SECRET, now }).ok).toBe(false);
  });
});
