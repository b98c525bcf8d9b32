/**
 * A redirect target that stays on this site: a path starting with one '/'.
 * Anything else (absolute URLs, '//host', backslashes) falls back.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.includes("\\")) {
    return fallback;
  }
  return to;
}
