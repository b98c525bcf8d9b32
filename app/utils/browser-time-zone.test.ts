import { describe, expect, it } from "vitest";
import { rememberBrowserTimeZone } from "./browser-time-zone.client";

/** A document.cookie stand-in: reading gives 'a=1; b=2', writing sets one cookie. */
function jar(initial: Record<string, string> = {}) {
  const cookies = new Map(Object.entries(initial));
  const writes: string[] = [];
  return {
    writes,
    get cookie() {
      return [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    },
    set cookie(line: string) {
      writes.push(line);
      const [pair = ""] = line.split(";");
      const index = pair.indexOf("=");
      cookies.set(pair.slice(0, index), pair.slice(index + 1));
    },
  };
}

describe("rememberBrowserTimeZone (every page's first load)", () => {
  it("tells the server a zone it does not know yet, for a year, site-wide", () => {
    const doc = jar({ acolhe_lng: "Iml0Ig%3D%3D" });
    rememberBrowserTimeZone(doc, "Europe/Rome");
    expect(doc.writes).toEqual(["tz=Europe%2FRome;path=/;max-age=31536000;samesite=lax"]);
    expect(doc.cookie).toContain("tz=Europe%2FRome");
  });

  it("replaces a zone the browser has left, and leaves the current one alone", () => {
    const doc = jar({ tz: "America%2FSao_Paulo" });
    rememberBrowserTimeZone(doc, "America/Sao_Paulo");
    expect(doc.writes).toEqual([]);
    rememberBrowserTimeZone(doc, "Asia/Tokyo");
    expect(doc.writes).toEqual(["tz=Asia%2FTokyo;path=/;max-age=31536000;samesite=lax"]);
    // Another cookie ending in 'tz' is not ours.
    const other = jar({ xtz: "Asia%2FTokyo" });
    rememberBrowserTimeZone(other, "Asia/Tokyo");
    expect(other.writes).toHaveLength(1);
  });

  it("writes nothing when the browser names no zone", () => {
    const doc = jar();
    rememberBrowserTimeZone(doc, "");
    expect(doc.writes).toEqual([]);
  });
});
