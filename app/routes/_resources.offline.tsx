import type { LoaderFunctionArgs } from "@remix-run/node";
import { isRtl, toSupportedLocale } from "~/i18n/config";
import { PRODUCT_NAME } from "~/utils/meta";

/**
 * The page the service worker (public/sw.js) shows when the network is gone,
 * in the language of `?lng` or, without it, the visitor's. A whole document
 * of its own, not a Remix page: it has no script (a page would hydrate at the
 * address the visitor asked for and fail there) and its styles inline, so the
 * worker keeps this one response and nothing else. It reads the language and
 * nothing more: no session, no personal data.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  // Imported here so the browser bundle carries no stub of the server modules (see root.tsx).
  const [{ getFixedT, getLocale }, { renderToStaticMarkup }] = await Promise.all([import("~/i18n/i18n.server"), import("react-dom/server")]);
  const locale = toSupportedLocale(new URL(request.url).searchParams.get("lng")) ?? (await getLocale(request));
  const t = getFixedT(locale, ["offline", "common"]);
  const html = renderToStaticMarkup(
    <OfflinePage
      lang={locale}
      dir={isRtl(locale) ? "rtl" : "ltr"}
      title={t("offline:title")}
      description={t("offline:description")}
      retry={t("offline:retry")}
      emergency={t("common:footer.emergency")}
    />,
  );
  return new Response(`<!DOCTYPE html>${html}`, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Language": locale,
      "Cache-Control": "no-cache",
      Vary: "Accept-Language, Cookie",
      "X-Robots-Tag": "noindex",
    },
  });
}

const STYLE = `
:root{color-scheme:light dark;--bg:#fff;--fg:#0f172a;--muted:#475569;--brand:#0f766e}
@media (prefers-color-scheme:dark){:root{--bg:#0f172a;--fg:#f1f5f9;--muted:#cbd5e1;--brand:#14b8a6}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:1.5rem;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;text-align:center}
main{max-width:28rem}
svg{width:4rem;height:4rem}
h1{font-size:1.5rem;margin:1rem 0 .5rem}
p{margin:0 0 1.5rem;color:var(--muted)}
a{display:inline-block;padding:.75rem 1.5rem;border-radius:.5rem;background:var(--brand);color:#fff;font-weight:600;text-decoration:none}
a:focus-visible{outline:3px solid var(--fg);outline-offset:2px}
small{display:block;margin-top:2rem;color:var(--muted)}
`;

function OfflinePage(props: { lang: string; dir: "ltr" | "rtl"; title: string; description: string; retry: string; emergency: string }) {
  return (
    <html lang={props.lang} dir={props.dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <meta name="theme-color" content="#0f766e" />
        <title>{`${props.title} | ${PRODUCT_NAME}`}</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href="/site.webmanifest" />
        <style dangerouslySetInnerHTML={{ __html: STYLE }} />
      </head>
      <body>
        <main>
          <svg viewBox="0 0 64 64" aria-hidden="true">
            <rect width="64" height="64" rx="14" fill="#0f766e" />
            <path d="M32 48s-14-8.6-14-19a8 8 0 0 1 14-5.3A8 8 0 0 1 46 29c0 10.4-14 19-14 19z" fill="#fff" />
          </svg>
          <h1>{props.title}</h1>
          <p>{props.description}</p>
          {/* An empty href is the address the visitor asked for: the worker serves this page in its place. */}
          <a href="">{props.retry}</a>
          <small>{props.emergency}</small>
        </main>
      </body>
    </html>
  );
}
