import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useNonce } from "~/components/nonce";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { DEFAULT_LOCALE, DEFAULT_NAMESPACE, isRtl } from "~/i18n/config";
import { pageTranslations } from "~/i18n/i18n.server";
import { env } from "~/utils/env.server";
import { routeMeta, type SiteMeta } from "~/utils/meta";
import { getTheme } from "~/utils/theme.server";
import stylesheet from "~/tailwind.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { locale, t, translations } = await pageTranslations(request, [DEFAULT_NAMESPACE]);
  const { APP_URL } = env();
  const url = new URL(request.url);
  const site: SiteMeta = {
    origin: new URL(APP_URL).origin,
    pathname: url.pathname,
    locale,
    defaultTitle: t("meta.defaultTitle"),
    defaultDescription: t("meta.defaultDescription"),
    defaultKeywords: t("meta.defaultKeywords"),
  };
  return {
    locale,
    translations,
    theme: await getTheme(request),
    site,
    /** Where theme and language forms send the visitor back to. */
    currentPath: url.pathname + url.search,
    user: null as null | { id: string },
  };
}

export type RootLoaderData = Awaited<ReturnType<typeof loader>>;

export const meta: MetaFunction<typeof loader> = ({ matches }) => routeMeta(matches);

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const locale = data?.locale ?? DEFAULT_LOCALE;
  return (
    <html lang={locale} dir={isRtl(locale) ? "rtl" : "ltr"} className={data?.theme === "dark" ? "dark" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={data?.theme === "dark" ? "dark" : "light"} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-white text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <SiteHeader theme={data.theme} currentPath={data.currentPath} locale={data.locale} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}

export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    <>
      <SiteHeader theme={data?.theme ?? "light"} currentPath={data?.currentPath ?? "/"} locale={data?.locale ?? DEFAULT_LOCALE} />
      <main id="main" className="flex-1">
        <GeneralErrorBoundary />
      </main>
      <SiteFooter />
    </>
  );
}
