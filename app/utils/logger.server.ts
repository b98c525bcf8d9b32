import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type Logger } from "pino";

/**
 * Structured JSON logs. The HTTP server runs each request inside
 * `withRequestLogger`, so `log()` anywhere below it carries the request id.
 */
export const logger: Logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: { service: "acolhe" },
  redact: { paths: ["*.password", "*.password_hash", "*.token", "*.cookie", "req.headers.cookie"], remove: true },
});

const requestLogger = new AsyncLocalStorage<Logger>();

export function withRequestLogger<T>(child: Logger, run: () => T): T {
  return requestLogger.run(child, run);
}

/** The logger of the current request or job, else the process logger. */
export function log(): Logger {
  return requestLogger.getStore() ?? logger;
}

/** The id of the request being served (X-Request-Id), for audit rows; null outside a request. */
export function currentRequestId(): string | null {
  const requestId = requestLogger.getStore()?.bindings().requestId;
  return typeof requestId === "string" ? requestId : null;
}

/** The keyed hash of the current request's client address (app/utils/ip-hash.server.ts), for audit rows; null outside a request. */
export function currentIpHash(): string | null {
  const hash = requestLogger.getStore()?.bindings().ipHash;
  return typeof hash === "string" ? hash : null;
}

/** Query parameters that are credentials: e-mailed links' tokens, and OAuth's code and state. */
const SECRET_PARAMS = ["token", "code", "state"];

/**
 * A path or URL as the logs may keep it. The calendar feed's token is the
 * feed's only credential (whoever has it reads the practice's schedule), and
 * a reset or verification link's token is a password for an hour or a day:
 * both are masked, the rest kept for reading the logs.
 */
export function loggableUrl(url: string): string {
  const [beforeQuery, query] = url.split("?", 2) as [string, string | undefined];
  const path = beforeQuery.replace(/\/calendar\/[^/]+\.ics$/, "/calendar/[redacted].ics");
  if (query === undefined) return path;
  const params = new URLSearchParams(query);
  for (const name of SECRET_PARAMS) if (params.has(name)) params.set(name, "[redacted]");
  return `${path}?${params.toString()}`;
}
