/**
 * Stores the browser's zone in the `tz` cookie the server reads for the
 * viewer's zone (app/services/viewer-time-zone.server.ts), when it changed:
 * what TIME_ZONE_SCRIPT does inline on the pages that show times. This runs
 * on every page's first load (app/entry.client.tsx), because the inline
 * script runs only on a full load of those pages, never after a client-side
 * navigation: without it, a visitor who browses with JavaScript saw
 * Brasília's times, and signed up (from /register, which has no inline
 * script) with no zone, so their e-mails said Brasília too (ADR 004).
 */
export function rememberBrowserTimeZone(target: { cookie: string } = document, zone: string | undefined = browserZone()): void {
  if (!zone) return;
  const value = encodeURIComponent(zone);
  const current = target.cookie.split(";").some((part) => part.trim() === `tz=${value}`);
  if (!current) target.cookie = `tz=${value};path=/;max-age=31536000;samesite=lax`;
}

function browserZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
