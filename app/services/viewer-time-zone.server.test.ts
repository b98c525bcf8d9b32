import { describe, expect, it } from "vitest";
import { cookieTimeZone, supportedTimeZone, viewerTimeZone } from "./viewer-time-zone.server";

const request = (cookie?: string) => new Request("http://localhost/", { headers: cookie ? { Cookie: cookie } : {} });

describe("the viewer's time zone", () => {
  it("is the profile's, else the browser's cookie, else Brasília", () => {
    expect(viewerTimeZone(request("tz=Europe%2FLisbon"), { timeZone: "Asia/Tokyo" })).toEqual({ timeZone: "Asia/Tokyo", source: "profile" });
    expect(viewerTimeZone(request("a=1; tz=Europe%2FLisbon"), { timeZone: null })).toEqual({ timeZone: "Europe/Lisbon", source: "browser" });
    expect(viewerTimeZone(request(), null)).toEqual({ timeZone: "America/Sao_Paulo", source: "default" });
  });

  it("accepts only zones Intl knows", () => {
    expect(supportedTimeZone("America/Manaus")).toBe("America/Manaus");
    expect(supportedTimeZone("UTC")).toBe("UTC");
    for (const bad of ["Mars/Olympus", "", "<script>", "a".repeat(100), null, undefined]) expect(supportedTimeZone(bad)).toBeNull();
    expect(cookieTimeZone(request("tz=%E0%A4%A"))).toBeNull();
    expect(viewerTimeZone(request("tz=Mars%2FOlympus"), { timeZone: "Nowhere/City" }).timeZone).toBe("America/Sao_Paulo");
  });

  it("reads a browser's other name for a zone as the zone this runtime lists, not as Brasília", () => {
    const listed = new Set(Intl.supportedValuesOf("timeZone"));
    // Firefox and Safari say 'Asia/Kolkata', 'Europe/Kyiv', 'America/Argentina/Buenos_Aires'; the list may hold the older names.
    for (const alias of ["Asia/Kolkata", "Europe/Kyiv", "America/Argentina/Buenos_Aires", "Asia/Ho_Chi_Minh", "asia/tokyo", "Etc/UTC"]) {
      const zone = supportedTimeZone(alias);
      expect(zone, alias).not.toBeNull();
      expect(zone === "UTC" || listed.has(zone!), `${alias} → ${zone}`).toBe(true);
      // The same clock as the name the browser gave.
      const at = new Date("2026-06-01T12:00:00Z");
      expect(at.toLocaleString("en", { timeZone: zone! })).toBe(at.toLocaleString("en", { timeZone: alias }));
    }
    expect(viewerTimeZone(request("tz=Asia%2FKolkata"), null)).toEqual({ timeZone: supportedTimeZone("Asia/Kolkata"), source: "browser" });
    // An offset is not a place: refused, as before.
    expect(supportedTimeZone("+05:30")).toBeNull();
  });
});
