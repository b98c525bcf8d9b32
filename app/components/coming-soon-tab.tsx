import { useTranslation } from "~/i18n/use-translation";

/** A dashboard tab whose feature is not built yet: says so, and shows no sample data. */
export function ComingSoonTab({ tab }: { tab: string }) {
  const { t } = useTranslation("practice");
  return (
    <section aria-labelledby="tab-title" className="card">
      <h2 id="tab-title" className="text-xl font-semibold">
        {t(`tabs.${tab}`)}
      </h2>
      <p className="mt-2 font-medium">{t("comingSoon.title")}</p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("comingSoon.body")}</p>
    </section>
  );
}
