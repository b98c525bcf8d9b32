import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
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
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { Toaster } from "~/components/toaster";
import type { NavUser } from "~/components/user-menu";
import { DEFAULT_LOCALE, DEFAULT_NAMESPACE, isRtl } from "~/i18n/config";
import { routeMeta, type SiteMeta } from "~/utils/meta";
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
  const [{ pageTranslations }, { getSessionUser }, { takeToast }, { env }, { getTheme }] = await Promise.all([
    import("~/i18n/i18n.server"),
    import("~/services/session.server"),
    import("~/services/toast.server"),
    import("~/utils/env.server"),
    import("~/utils/theme.server"),
  ]);
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
  const [user, { toast, setCookie }, theme] = await Promise.all([getSessionUser(request), takeToast(request), getTheme(request)]);
  const navUser: NavUser | null = user
    ? { email: user.email, firstName: user.firstName, lastName: user.lastName, avatarUrl: user.avatarUrl, role: user.role }
    : null;
  return data(
    {
      locale,
      translations,
      theme,
      site,
      /** Where theme and language forms send the visitor back to. */
      currentPath: url.pathname + url.search,
      user: navUser,
      toast,
    },
    { headers: setCookie ? { "Set-Cookie": setCookie } : undefined },
  );
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
      {/* The body's layout and colours are in tailwind.css. */}
      <body>
        {children}
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
      <SiteHeader theme={data?.theme ?? "light"} currentPath={data?.currentPath ?? "/"} locale={data?.locale ?? DEFAULT_LOCALE} user={data?.user} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
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
