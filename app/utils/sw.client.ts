/**
 * Registers public/sw.js (the installable app's worker) once the page has
 * loaded, and tells it the page's language and build files. Imported by
 * app/entry.client.tsx in production builds only; a failure is only logged
 * (spec, section 7).
 */
export {};

async function tellWorker() {
  const { active } = await navigator.serviceWorker.ready;
  active?.postMessage({
    type: "page",
    // The offline page is kept in this language.
    locale: document.documentElement.lang,
    // The build files this page loaded, kept for the next start.
    assets: [...document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>("link[rel=stylesheet], link[rel=modulepreload], script[src]")].map((node) =>
      "href" in node ? node.href : node.src,
    ),
  });
}

function register() {
  // A new build is a new worker URL, so the browser installs it and its cache replaces the old one.
  navigator.serviceWorker
    .register(`/sw.js?v=${encodeURIComponent(window.__remixManifest.version)}`)
    .then(() => {
      void tellWorker();
      // The language menu changes <html lang> without a new page load.
      new MutationObserver(() => void tellWorker()).observe(document.documentElement, { attributeFilter: ["lang"] });
    })
    .catch((error) => console.warn("Service worker registration failed", error));
}

// After the page's own files: the worker's first install fetches the offline page and the icons.
if ("serviceWorker" in navigator) {
  if (document.readyState === "complete") register();
  else addEventListener("load", register, { once: true });
}
