import { useNonce } from "./nonce";

/**
 * Tells the server the browser's time zone: a one-line inline script (no
 * bundle) that stores Intl's zone in the `tz` cookie when it changed. Pages
 * that show times render it; the server validates the value
 * (app/services/viewer-time-zone.server.ts) and falls back to Brasília.
 */
const SCRIPT =
  'try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone;if(z&&document.cookie.indexOf("tz="+encodeURIComponent(z))<0)document.cookie="tz="+encodeURIComponent(z)+";path=/;max-age=31536000;samesite=lax"}catch(e){}';

export function TimeZoneCookie() {
  const nonce = useNonce();
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
