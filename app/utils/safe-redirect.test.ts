import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it.each(["/", "/psychologists?sort=name", "/schedule/step3"])("keeps the local path %s", (to) => {
    expect(safeRedirect(to)).toBe(to);
  });
  it.each(["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "", null, undefined])("refuses %s", (to) => {
    expect(safeRedirect(to, "/fallback")).toBe("/fallback");
  });
});

describe("safeRedirect against what browsers do with a Location", () => {
  it.each([
    "/\t/evil.example",
    "/%09/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/\\evil.example",
    "/\\/evil.example",
    "\\\\evil.example",
    "//evil.example",
    "///evil.example",
    "/\t\t//evil.example",
    "https://evil.example",
    "javascript:alert(1)",
    "data:text/html,hi",
    " /settings",
    "evil.example",
    "/%5Cevil.example",
    "/%2F%2Fevil.example".replace("%2F%2F", "//"),
  ])("refuses %j", (target) => {
    const result = safeRedirect(target, "/fallback");
    expect(new URL(result, "https://acolhe.com.br").origin).toBe("https://acolhe.com.br");
    expect(result).toBe("/fallback");
  });

  it.each([
    ["/settings", "/settings"],
    ["/schedule/step3?psychologistId=1&date=2026-11-25#x", "/schedule/step3?psychologistId=1&date=2026-11-25#x"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/a/../b", "/b"],
  ])("keeps %j as %j (on our site)", (target, expected) => {
    const result = safeRedirect(target, "/fallback");
    expect(result).toBe(expected);
    expect(new URL(result, "https://acolhe.com.br").origin).toBe("https://acolhe.com.br");
  });
});
