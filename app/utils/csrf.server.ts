/**
 * Cross-site request forgery: a form on another site cannot make a visitor's
 * browser post here. Browsers say where a request comes from (Origin, and
 * Sec-Fetch-Site); a state-changing request from another site is refused.
 * Requests without either header are not from a browser form (webhooks,
 * curl) and are left to the route's own checks.
 */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isCrossSiteRequest(request: { method: string; headers: Headers }, allowedOrigins: string[]): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const origin = request.headers.get("Origin");
  if (origin && origin !== "null") return !allowedOrigins.includes(origin);
  if (origin === "null") return true;
  const site = request.headers.get("Sec-Fetch-Site");
  return site === "cross-site" || site === "same-site";
}
