import { createCookieSessionStorage, type SessionData } from "@remix-run/node";
import { env } from "~/utils/env.server";

/**
 * A value carried across one redirect (post/redirect/get) and read once: a
 * signed, httpOnly cookie session a minute long, path / (single fetch loads
 * a page's data from `<page>.data`, which a narrower path would not match).
 * Made again when the configuration changes: tests change it between cases.
 */
export function flashStorage<Data extends SessionData>(name: string) {
  let storage: ReturnType<typeof createCookieSessionStorage<Data, Data>> | undefined;
  let madeFor: unknown;
  return () => {
    const config = env();
    if (madeFor !== config) storage = undefined;
    madeFor = config;
    storage ??= createCookieSessionStorage<Data, Data>({
      cookie: {
        name,
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: new URL(config.APP_URL).protocol === "https:",
        secrets: [config.SESSION_SECRET],
        maxAge: 60,
      },
    });
    return storage;
  };
}
