import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";

const FOOTER_LINKS = [
  ["/how-it-works", "howItWorks"],
  ["/terms", "terms"],
  ["/privacy", "privacy"],
] as const;

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="footer-bar">
        <p>{t("footer.copyright", { year: new Date().getFullYear() })}</p>
        <nav aria-label={t("footer.legal")} className="footer-links">
          {FOOTER_LINKS.map(([to, label]) => (
            <Link key={to} to={to}>
              {t(`footer.${label}`)}
            </Link>
          ))}
        </nav>
      </div>
      <p className="container-page mt-4 text-xs">{t("footer.emergency")}</p>
    </footer>
  );
}
