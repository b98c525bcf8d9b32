import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { rememberBrowserTimeZone } from "~/utils/browser-time-zone.client";

// The browser's zone for the server (times on every page, the zone a new account keeps): on every first load,
// since pages reached by client-side navigation never run their inline tz script.
rememberBrowserTimeZone();

// Translations arrive with the loaders' data (see app/i18n/use-translation.ts): nothing to load first.
// StrictMode checks only in development; the production bundle leaves the wrapper out.
startTransition(() => {
  hydrateRoot(
    document,
    process.env.NODE_ENV === "development" ? (
      <StrictMode>
        <RemixBrowser />
      </StrictMode>
    ) : (
      <RemixBrowser />
    ),
  );
});

// The installable app's worker registers itself once the page has loaded (app/utils/sw.client.ts): this
// import is all every first visit's JavaScript pays for it.
if (process.env.NODE_ENV === "production") void import("~/utils/sw.client");
