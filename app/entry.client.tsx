import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

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
