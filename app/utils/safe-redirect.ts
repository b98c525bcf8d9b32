/** Any base works: only whether the target stays on it matters, and the path we keep is relative. */
const BASE = "http://acolhe.invalid";

/**
 * A redirect target that stays on this site, as a path ('/a?b#c'), else the
 * fallback. The target is resolved the way a browser resolves a Location —
 * `new URL(target, origin)`, which also drops tabs and newlines and reads
 * backslashes as slashes — and kept only when it lands on our origin and
 * its path starts with a single '/'. So '/%09/evil.example', '/\\evil',
 * '//evil', 'javascript:…' and absolute URLs all fall back.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // Control characters (a browser strips some, then reads what is left as a host) never belong in a path.
  // Nor do their encoded forms, or an encoded backslash: a second decoding somewhere must find nothing either.
  if (/[\u0000-\u001f\u007f\\]|%(?:[01][0-9a-f]|7f|5c)/i.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE || !url.pathname.startsWith("/") || url.pathname.startsWith("//")) return fallback;
  return url.pathname + url.search + url.hash;
}
