import { isbot } from "isbot";
import type { DeviceClass } from "#db/types";

/**
 * The only thing analytics keeps of a user agent: the class of device.
 * The string itself is never stored.
 */
export function deviceClassOf(userAgent: string | null | undefined): DeviceClass {
  const ua = userAgent?.trim() ?? "";
  if (!ua) return "other";
  if (isbot(ua)) return "bot";
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobi)/i.test(ua)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini|IEMobile/i.test(ua)) return "mobile";
  if (/Windows NT|Macintosh|X11|CrOS|Linux/i.test(ua)) return "desktop";
  return "other";
}
