import { randomBytes } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { prepareSplice, splicedGzip } from "./spliced-gzip.server";

const bytes = (text: string) => Buffer.from(text);

function spliced(parts: string[], value: string) {
  return splicedGzip(prepareSplice(parts.map(bytes), Buffer.byteLength(value)), bytes(value));
}
const roundTrip = (parts: string[], value: string) => gunzipSync(spliced(parts, value)).toString();

/** Page-like text: cards that repeat their markup (as a page and its Remix context do) with varied contents. */
function pageLike(count: number, seed = 1): string[] {
  let state = seed;
  const next = () => (state = (state * 48_271) % 2_147_483_647);
  const words = ["ansiedade", "depressão", "casal", "luto", "TDAH", "autoestima", "trauma", "carreira", "família", "sono"];
  return Array.from({ length: count }, () => {
    const specialties = Array.from({ length: 3 }, () => words[next() % words.length]).join(", ");
    return `<article class="card"><h2>Psicóloga ${next().toString(36)}</h2><p>${specialties}. CRP 06/${next() % 100_000}. R$ ${next() % 400},00</p></article>`;
  });
}

describe("splicedGzip", () => {
  it("decompresses to the parts joined by each response's value", () => {
    const page = ['<script nonce="', '">window.__remixContext = {}</script><p>Olá, mundo</p><script nonce="', '"></script>'];
    const splice = prepareSplice(page.map(bytes), 24);
    for (const nonce of ["Ikhb89k8rPRTvsA3pw+lCw==", "9/iUBKvX0AtIxK1qZD33dQ==", randomBytes(16).toString("base64")]) {
      expect(gunzipSync(splicedGzip(splice, bytes(nonce))).toString()).toBe(page.join(nonce));
    }
  });

  it.each([
    ["one part, no value in it", ["<html>sem nonce</html>"]],
    ["empty parts at both ends and between", ["", "meio", "", ""]],
    ["only the value", ["", ""]],
    ["multi-byte text", ["ação ", " 🇧🇷 العربية ", " 中文"]],
    ["a body with NUL bytes (compressed without dictionaries)", ["a\u0000b", "c\u0000"]],
  ])("handles %s", (_name, parts) => {
    expect(roundTrip(parts, "NONCE")).toBe(parts.join("NONCE"));
  });

  it("handles parts that repeat one another across the value, whatever the value is", () => {
    const parts = Array.from({ length: 6 }, (_, i) => pageLike(40, i + 1).join(""));
    for (const value of ["0".repeat(24), randomBytes(16).toString("base64"), parts[0]!.slice(0, 24)]) {
      expect(roundTrip(parts, value)).toBe(parts.join(value));
    }
  });

  it("handles a large page of random text, whose parts span many deflate blocks and windows", () => {
    const parts = Array.from({ length: 6 }, () => randomBytes(60_000).toString("base64"));
    expect(roundTrip(parts, "abc")).toBe(parts.join("abc"));
  });

  it("compresses about as well as gzip of the whole page", () => {
    // Parts of a real page's sizes (a 30 KB page before the first script, the Remix context after).
    const parts = [pageLike(200, 1).join(""), pageLike(8, 2).join(""), pageLike(3, 3).join(""), pageLike(100, 4).join("")];
    const value = randomBytes(16).toString("base64");
    const whole = gzipSync(parts.join(value)).length;
    expect(spliced(parts, value).length).toBeLessThan(whole * 1.05);
  });

  it("refuses a value of another length than the one prepared for, and one too long for a stored block", () => {
    const splice = prepareSplice([bytes("a"), bytes("b")], 24);
    expect(() => splicedGzip(splice, bytes("short"))).toThrow(RangeError);
    expect(() => prepareSplice([bytes("a"), bytes("b")], 70_000)).toThrow(RangeError);
  });
});
