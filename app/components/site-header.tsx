import { Link, NavLink, useLocation } from "@remix-run/react";
import { lazy, Suspense, useEffect } from "react";
import type { Language } from "~/i18n/config";
import { useTranslation } from "~/i18n/use-translation";
import { Icon } from "./icons";
import { LanguageSelector } from "./language-selector";
import { ThemeToggle } from "./theme-toggle";
import type { NavUser } from "./user-menu";

/**
 * Only signed-in visitors have a user menu, so its code is loaded when it is
 * first rendered, not on every first visit. The server renders it into the
 * HTML all the same (every page is rendered whole, see entry.server.tsx), and
 * it works as plain HTML (<details>, links, a form) until its code arrives.
 */
const UserMenu = lazy(() => import("./user-menu").then((module) => ({ default: module.UserMenu })));

interface SiteHeaderProps {
  theme: "light" | "dark";
  locale: string;
  languages: readonly Language[];
  user?: NavUser | null;
}

export function SiteHeader({ theme, locale, languages, user }: SiteHeaderProps) {
  const { t } = useTranslation();
  const location = useLocation();
  // Where the theme and language forms send the visitor back to: this page, as the browser shows it now.
  const currentPath = location.pathname + location.search;
  // With JavaScript, menus close after a navigation (without it, every navigation is a new page).
  useEffect(() => {
    document.querySelectorAll("header details").forEach((details) => details.removeAttribute("open"));
  }, [location]);
  // NavLink marks the current page with aria-current="page", which .nav-link styles.
  const links = (
    <>
      <NavLink to="/" end className="nav-link">
        {t("nav.home")}
      </NavLink>
      <NavLink to="/psychologists" className="nav-link">
        {t("nav.psychologists")}
      </NavLink>
    </>
  );
  const tools = (
    <>
      <LanguageSelector locale={locale} languages={languages} currentPath={currentPath} />
      <ThemeToggle theme={theme} currentPath={currentPath} />
    </>
  );
  const account = user ? (
    <Suspense>
      <UserMenu user={user} t={t} />
    </Suspense>
  ) : (
    <>
      <Link to="/login" className="btn-ghost">
        {t("nav.login")}
      </Link>
      <Link to="/register" className="btn-primary">
        {t("nav.register")}
      </Link>
    </>
  );
  return (
    <header className="site-header">
      <a href="#main" className="sr-only focus:not-sr-only">
        {t("nav.skipToContent")}
      </a>
      <div className="header-bar">
        <Link to="/" className="brand">
          Acolhe
        </Link>
        <nav aria-label={t("nav.main")} className="desktop-nav">
          {links}
        </nav>
        <div className="desktop-tools">
          {tools}
          {account}
        </div>
        <details className="relative md:hidden" data-mobile-menu>
          <summary className="btn-ghost" aria-label={t("nav.menu")}>
            <Icon name="menu" />
          </summary>
          <div className="mobile-panel">
            <nav aria-label={t("nav.main")} className="flex flex-col">
              {links}
            </nav>
            <div className="menu-section">{tools}</div>
            <div className="menu-section">{account}</div>
          </div>
        </details>
      </div>
    </header>
  );
}
