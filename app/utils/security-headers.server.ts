import { createHash } from "node:crypto";
import { TIME_ZONE_SCRIPT } from "./time-zone-script";

/** The time-zone script is a constant: allowed by its hash, not by the nonce. */
const TIME_ZONE_SCRIPT_HASH = `'sha256-${createHash("sha256").update(TIME_ZONE_SCRIPT).digest("base64")}'`;

/**
 * The Content-Security-Policy of every response. Inline scripts run only
 * with this response's nonce (or, for the time-zone script, by their hash);
 * Daily's call bundle and media servers are the only third-party origins,
 * and forms may hand off to Mercado Pago and Google (form-action also
 * governs the redirect that follows a POST).
 */
export function contentSecurityPolicy(nonce: string, options: { production: boolean; dev: boolean }): string {
  const connect = ["'self'", "https://*.daily.co", "wss://*.daily.co", "https://*.wss.daily.co", "wss://*.wss.daily.co"];
  if (options.dev) connect.push("ws://localhost:*", "ws://127.0.0.1:*");
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`, TIME_ZONE_SCRIPT_HASH, "https://c.daily.co"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'"],
    "connect-src": connect,
    "media-src": ["'self'", "blob:"],
    "worker-src": ["'self'", "blob:"],
    "frame-src": ["'self'", "https://*.daily.co"],
    "form-action": ["'self'", "https://*.mercadopago.com.br", "https://*.mercadopago.com", "https://accounts.google.com"],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
  };
  const policy = Object.entries(directives).map(([name, values]) => `${name} ${values.join(" ")}`);
  if (options.production) policy.push("upgrade-insecure-requests");
  return policy.join("; ");
}
