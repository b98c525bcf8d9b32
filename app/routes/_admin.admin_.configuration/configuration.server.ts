import { getFixedT, pageTranslations } from "~/i18n/i18n.server";
import { lastProviderErrors } from "~/models/provider-errors.server";
import { adminWhen } from "~/services/admin-time.server";
import { pageMeta } from "~/services/page-meta.server";
import type { SessionUser } from "~/services/session.server";
import { runHealthChecks } from "~/services/system-health.server";
import { env, productionConfigurationGaps } from "~/utils/env.server";

/**
 * /admin/configuration: which outside services are configured, whether they
 * answer now (the health checks), the last error each left, and what a
 * production start would still refuse — names of settings only, never values.
 */

export async function configurationPageData(request: Request, admin: SessionUser) {
  const { t, translations, locale } = await pageTranslations(request, ["admin-config", "health"]);
  const config = env();
  const [report, errors] = await Promise.all([runHealthChecks({ t: getFixedT(locale, "health"), locale, sessionId: admin.sessionId }), lastProviderErrors()]);
  const when = adminWhen(locale);
  const lastError = (error: { at: Date; message: string } | null) => (error ? { at: when(error.at), message: error.message } : null);
  return {
    translations,
    meta: await pageMeta(request, { title: t("title"), noindex: true }),
    environment: config.appEnv,
    providers: [
      { id: "mercadopago", mode: config.paymentProvider, lastError: lastError(errors.mercadopago) },
      { id: "daily", mode: config.videoProvider, lastError: lastError(errors.daily) },
      { id: "smtp", mode: config.SMTP_URL ? "smtp" : "local", lastError: lastError(errors.smtp) },
      { id: "google", mode: config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET ? "google" : "off", lastError: null },
      { id: "storage", mode: config.storageProvider, lastError: null },
      { id: "database", mode: config.usesEmbeddedDatabase ? "embedded" : "postgres", lastError: null },
    ],
    report,
    productionGaps: productionConfigurationGaps(process.env),
  };
}
