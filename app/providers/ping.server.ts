/**
 * What a provider's health ping answers ('Saúde do sistema'): reachable with
 * the configured credentials, or why not. Never the provider's own words: the
 * answer is shown to people, and a provider's message may quote a request.
 */
export type PingFailure = "unauthorized" | "unreachable" | "unavailable" | "unexpected";

export type PingResult = { ok: true } | { ok: false; failure: PingFailure; status?: number };

export interface PingOptions {
  /** The ping gives up after this long; it is never retried. */
  timeoutMs: number;
}

/** The failure an HTTP status means; 0 or none is no answer at all (timeout, network). */
export function pingFailureFor(status: number | undefined): PingFailure {
  if (status === undefined || status === 0) return "unreachable";
  if (status === 401 || status === 403) return "unauthorized";
  if (status === 429 || status >= 500) return "unavailable";
  return "unexpected";
}
