import { env } from "./env.server";

/** Development tools (the outbox, the local checkout) exist only in development: elsewhere they are 404s. */
export function requireDevelopment() {
  if (env().appEnv !== "development") throw new Response(null, { status: 404 });
}
