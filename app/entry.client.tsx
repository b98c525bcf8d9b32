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
