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
});
