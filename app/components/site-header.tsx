import { Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { MenuIcon } from "./icons";
import { LanguageSelector } from "./language-selector";
import { ThemeToggle } from "./theme-toggle";
import { UserMenu, type NavUser } from "./user-menu";

interface SiteHeaderProps {
  theme: "light" | "dark";
  currentPath: string;
  locale: string;
  user?: NavUser | null;
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-medium ${
    isActive ? "text-teal-800 dark:text-teal-300" : "text-slate-700 hover:text-teal-800 dark:text-slate-300"
  }`;

function GuestLinks() {
  const { t } = useTranslation();
  return (
    <>
      <Link to="/login" className="btn-ghost">
        {t("nav.login")}
      </Link>
      <Link to="/register" className="btn-primary">
        {t("nav.register")}
      </Link>
    </>
  );
}

/** With JavaScript, menus close after a navigation (without it, every navigation is a new page). */
function useCloseMenusOnNavigate() {
  const header = useRef<HTMLElement>(null);
  const location = useLocation();
  useEffect(() => {
    header.current?.querySelectorAll("details[open]").forEach((details) => details.removeAttribute("open"));
  }, [location]);
  return header;
}

export function SiteHeader({ theme, currentPath, locale, user }: SiteHeaderProps) {
  const { t } = useTranslation();
  const header = useCloseMenusOnNavigate();
  const links = (
    <>
      <NavLink to="/" end className={navLinkClass}>
        {t("nav.home")}
      </NavLink>
      <NavLink to="/psychologists" className={navLinkClass}>
        {t("nav.psychologists")}
      </NavLink>
    </>
  );
  const account = user ? <UserMenu user={user} /> : <GuestLinks />;
  return (
    <header ref={header} className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 dark:border-slate-800 dark:bg-slate-950/95">
      <a href="#main" className="sr-only focus:not-sr-only">
        {t("nav.skipToContent")}
      </a>
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Link to="/" className="text-xl font-bold tracking-tight text-teal-800 dark:text-teal-300">
          Acolhe
        </Link>
        <nav aria-label={t("nav.main")} className="hidden items-center gap-1 md:flex">
          {links}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <LanguageSelector locale={locale} currentPath={currentPath} />
          <ThemeToggle theme={theme} currentPath={currentPath} />
          {account}
        </div>
        <details className="relative md:hidden" data-mobile-menu>
          <summary className="btn-ghost cursor-pointer" aria-label={t("nav.menu")}>
            <MenuIcon />
          </summary>
          <div className="absolute end-0 z-30 mt-2 flex w-72 flex-col gap-2 rounded-xl border border-slate-200 bg-white p-3 shadow-lg dark:border-slate-700 dark:bg-slate-900">
            <nav aria-label={t("nav.main")} className="flex flex-col">
              {links}
            </nav>
            <div className="flex items-center gap-2 border-t border-slate-200 pt-2 dark:border-slate-700">
              <LanguageSelector locale={locale} currentPath={currentPath} />
              <ThemeToggle theme={theme} currentPath={currentPath} />
            </div>
            <div className="flex flex-wrap items-center gap-2 border-t border-slate-200 pt-2 dark:border-slate-700">
              {account}
            </div>
          </div>
        </details>
      </div>
    </header>
  );
}
