import { TIME_ZONE_SCRIPT } from "~/utils/time-zone-script";

/**
 * Tells the server the browser's time zone: a one-line inline script (no
 * bundle) that stores Intl's zone in the `tz` cookie when it changed. Pages
 * that show times render it; the server validates the value
 * (app/services/viewer-time-zone.server.ts) and falls back to Brasília.
 * The Content-Security-Policy allows it by its hash, so it needs no nonce:
 * the pages then share no nonce context with the root (one file less to load).
 */
export function TimeZoneCookie() {
  return <script dangerouslySetInnerHTML={{ __html: TIME_ZONE_SCRIPT }} />;
}
