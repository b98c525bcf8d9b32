import { describe, expect, it } from "vitest";
import { isCrossSiteRequest } from "./csrf.server";

const ALLOWED = ["https://acolhe.com.br"];
const request = (method: string, headers: Record<string, string>) => ({ method, headers: new Headers(headers) });

describe("isCrossSiteRequest", () => {
  it("lets reads through from anywhere", () => {
    expect(isCrossSiteRequest(request("GET", { Origin: "https://evil.example" }), ALLOWED)).toBe(false);
  });
  it("accepts posts from our own origin", () => {
    expect(isCrossSiteRequest(request("POST", { Origin: "https://acolhe.com.br" }), ALLOWED)).toBe(false);
    expect(isCrossSiteRequest(request("POST", { "Sec-Fetch-Site": "same-origin" }), ALLOWED)).toBe(false);
  });
  it.each(["POST", "PUT", "PATCH", "DELETE", "post"])("refuses a %s from another origin", (method) => {
    expect(isCrossSiteRequest(request(method, { Origin: "https://evil.example" }), ALLOWED)).toBe(true);
  });
  it("refuses an opaque origin and a lookalike", () => {
    expect(isCrossSiteRequest(request("POST", { Origin: "null" }), ALLOWED)).toBe(true);
    expect(isCrossSiteRequest(request("POST", { Origin: "https://acolhe.com.br.evil.example" }), ALLOWED)).toBe(true);
    expect(isCrossSiteRequest(request("POST", { Origin: "http://acolhe.com.br" }), ALLOWED)).toBe(true);
  });
  it("falls back to Sec-Fetch-Site when there is no Origin", () => {
    expect(isCrossSiteRequest(request("POST", { "Sec-Fetch-Site": "cross-site" }), ALLOWED)).toBe(true);
    expect(isCrossSiteRequest(request("POST", { "Sec-Fetch-Site": "same-site" }), ALLOWED)).toBe(true);
    expect(isCrossSiteRequest(request("POST", { "Sec-Fetch-Site": "none" }), ALLOWED)).toBe(false);
  });
  it("leaves non-browser clients (no Origin, no Sec-Fetch-Site) to the route", () => {
    expect(isCrossSiteRequest(request("POST", {}), ALLOWED)).toBe(false);
  });
});
