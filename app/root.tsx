import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
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
import { Toaster } from "~/components/toaster";
import type { NavUser } from "~/components/user-menu";
import { DEFAULT_LOCALE, DEFAULT_NAMESPACE, isRtl } from "~/i18n/config";
import { pageTranslations } from "~/i18n/i18n.server";
import { getSessionUser } from "~/services/session.server";
import { takeToast } from "~/services/toast.server";
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
      <SiteHeader theme={data.theme} currentPath={data.currentPath} locale={data.locale} user={data.user} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      <Toaster toast={data.toast} />
    </>
  );
}

export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    <>
      <SiteHeader theme={data?.theme ?? "light"} currentPath={data?.currentPath ?? "/"} locale={data?.locale ?? DEFAULT_LOCALE} user={data?.user} />
      <main id="main" className="flex-1">
        <GeneralErrorBoundary />
      </main>
      <SiteFooter />
    </>
  );
}
