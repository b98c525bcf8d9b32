import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-slate-200 py-8 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
      <div className="container-page flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p>{t("footer.copyright", { year: new Date().getFullYear() })}</p>
        <nav aria-label={t("footer.legal")} className="flex flex-wrap gap-4">
          <Link to="/how-it-works" className="hover:underline">
            {t("footer.howItWorks")}
          </Link>
          <Link to="/terms" className="hover:underline">
            {t("footer.terms")}
          </Link>
          <Link to="/privacy" className="hover:underline">
            {t("footer.privacy")}
          </Link>
        </nav>
      </div>
      <p className="container-page mt-4 text-xs">{t("footer.emergency")}</p>
    </footer>
  );
}
