import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import {
  data,
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
import { RouteAnnouncer } from "~/components/route-announcer";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { Toaster } from "~/components/toaster";
import type { NavUser } from "~/components/user-menu";
import { DEFAULT_LOCALE, DEFAULT_NAMESPACE, isRtl, LANGUAGES } from "~/i18n/config";
import fallbackErrors from "~/i18n/fallback-errors.json";
import { TranslationsProvider } from "~/i18n/use-translation";
import { PRODUCT_NAME } from "~/utils/meta";
import stylesheet from "~/tailwind.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  // Server modules are imported here, not at the top: the browser build drops
  // the loader and these imports with it, where a top-level import of a
  // .server module would still ship an empty CommonJS stub to every page.
  const [{ pageTranslations }, { pageMeta }, { getSessionUser }, { takeToast }, { getTheme }, { log }] = await Promise.all([
    import("~/i18n/i18n.server"),
    import("~/services/page-meta.server"),
    import("~/services/session.server"),
    import("~/services/toast.server"),
    import("~/utils/theme.server"),
    import("~/utils/logger.server"),
  ]);
  try {
    const { locale, translations } = await pageTranslations(request, [DEFAULT_NAMESPACE]);
    // The default title, description and keywords only serve the server's <head> tags (pageMeta).
    const { meta: _metaDefaults, ...common } = translations[DEFAULT_NAMESPACE]!;
    const [user, { toast, setCookie }, theme, meta] = await Promise.all([
      getSessionUser(request),
      takeToast(request),
      getTheme(request),
      // The error pages' tags: a page's own come from its loader (see loaderMeta in app/utils/meta.ts).
      pageMeta(request, { noindex: true }),
    ]);
    const navUser: NavUser | null = user
      ? { email: user.email, firstName: user.firstName, lastName: user.lastName, avatarUrl: user.avatarUrl, role: user.role }
      : null;
    return data(
      {
        locale,
        dir: isRtl(locale) ? ("rtl" as const) : ("ltr" as const),
        translations: { [DEFAULT_NAMESPACE]: common },
        theme,
        meta,
        /** The language menu's list: sent as data, so the browser bundle carries no copy of it. */
        languages: LANGUAGES,
        user: navUser,
        toast,
      },
      { headers: setCookie ? { "Set-Cookie": setCookie } : undefined },
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    log().error({ err: error }, "root loader failed");
    // The error page then has no translations: its Portuguese texts come with
    // the error (see app/components/error-page.tsx), not in every page's bundle.
    throw data({ errors: fallbackErrors }, { status: 500 });
  }
}

export type RootLoaderData = Awaited<ReturnType<typeof loader>>;

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.meta ?? [{ title: PRODUCT_NAME }];

/**
 * The root's data (language, theme, who is signed in, a toast) changes with a
 * form post or on another page, not when only the query changes (directory
 * filters, dashboard tabs) or a page reloads its own data (the home page's
 * featured psychologists every 30 seconds): then the root is not asked again.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }) =>
  (!formMethod || /^get$/i.test(formMethod)) && currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const locale = data?.locale ?? DEFAULT_LOCALE;
  return (
    <html lang={locale} dir={data?.dir ?? "ltr"} className={data?.theme === "dark" ? "dark" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={data?.theme === "dark" ? "dark" : "light"} />
        {/* The browser's bar in the brand colour, as the installed app's (public/site.webmanifest). */}
        <meta name="theme-color" content="#0f766e" />
        <Meta />
        <Links />
      </head>
      {/* The body's layout and colours are in tailwind.css. */}
      <body>
        <TranslationsProvider>{children}</TranslationsProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** Header, main and footer around the page (or the error page). */
function Shell({ data, children }: { data?: Parameters<typeof SiteHeader>[0]; children: ReactNode }) {
  return (
    <>
      <SiteHeader
        theme={data?.theme ?? "light"}
        locale={data?.locale ?? DEFAULT_LOCALE}
        languages={data?.languages ?? []}
        user={data?.user}
      />
      {/* Focusable by script only: a client-side navigation lands here (RouteAnnouncer). */}
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <SiteFooter />
      <RouteAnnouncer />
    </>
  );
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <Shell data={data}>
        <Outlet />
      </Shell>
      <Toaster toast={data.toast} />
    </>
  );
}

export function ErrorBoundary() {
  return (
    <Shell data={useRouteLoaderData<typeof loader>("root")}>
      <GeneralErrorBoundary />
    </Shell>
  );
}
