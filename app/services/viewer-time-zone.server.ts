import { DEFAULT_TIME_ZONE } from "~/domain/time-zones";
import { currentZoneId } from "~/utils/zoned-time";

/**
 * The zone every time on a page is shown in (docs/decisions/004-time-zones.md):
 * the person's profile zone, else the browser's own (the `tz` cookie that
 * <TimeZoneCookie /> sets from Intl), else Brasília. Booking pages use the
 * same resolver, so a slot reads the same everywhere.
 */

export const TIME_ZONE_COOKIE = "tz";

let supported: Set<string> | undefined;
/** Names already resolved (a few hundred at most: the runtime's zones and their aliases). */
const canonicalNames = new Map<string, string>();

/**
 * The zone when it is one the runtime knows (Intl.supportedValuesOf, plus UTC), under the runtime's own name;
 * otherwise null. Browsers name some zones otherwise than this runtime's ICU lists them ('Asia/Kolkata',
 * 'Europe/Kyiv', 'America/Argentina/Buenos_Aires' for 'Asia/Calcutta', 'Europe/Kiev', 'America/Buenos_Aires'):
 * the alias is the same zone, so it resolves to the listed name instead of falling back to Brasília.
 */
export function supportedTimeZone(value: string | null | undefined): string | null {
  if (!value) return null;
  const zone = value.trim();
  if (zone.length === 0 || zone.length > 64) return null;
  const known = canonicalNames.get(zone);
  if (known) return known;
  supported ??= new Set(Intl.supportedValuesOf("timeZone"));
  let canonical: string;
  try {
    canonical = new Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  if (canonical !== "UTC" && !supported.has(canonical)) return null;
  canonicalNames.set(zone, canonical);
  return canonical;
}

let listed: readonly string[] | undefined;
/** The runtime's zones for a choice, in the order of the names they are shown by (currentZoneId): made once. */
export function listedTimeZones(): readonly string[] {
  listed ??= Intl.supportedValuesOf("timeZone").sort((a, b) => (currentZoneId(a) < currentZoneId(b) ? -1 : 1));
  return listed;
}

/** The `tz` cookie's zone, when valid. The cookie is plain (set by the browser), so it is checked like any input. */
export function cookieTimeZone(request: Request): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0 || part.slice(0, index).trim() !== TIME_ZONE_COOKIE) continue;
    try {
      return supportedTimeZone(decodeURIComponent(part.slice(index + 1).trim()));
    } catch {
      return null;
    }
  }
  return null;
}

export interface ViewerTimeZone {
  timeZone: string;
  /** Where it came from: the profile, the browser's cookie, or the default. */
  source: "profile" | "browser" | "default";
}

/** The viewer's zone: profile, else browser cookie, else America/Sao_Paulo. */
export function viewerTimeZone(request: Request, user?: { timeZone: string | null } | null): ViewerTimeZone {
  const fromProfile = supportedTimeZone(user?.timeZone);
  if (fromProfile) return { timeZone: fromProfile, source: "profile" };
  const fromBrowser = cookieTimeZone(request);
  if (fromBrowser) return { timeZone: fromBrowser, source: "browser" };
  return { timeZone: DEFAULT_TIME_ZONE, source: "default" };
}
