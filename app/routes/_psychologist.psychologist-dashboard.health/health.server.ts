import { pageTranslations } from "~/i18n/i18n.server";
import { createTranslator } from "~/i18n/translate";
import type { SessionUser } from "~/services/session.server";
import { runHealthChecks } from "~/services/system-health.server";
import type { Toast } from "~/services/toast.server";

/** The health tab's server half: the checks run when the tab opens, and again on 'Verificar Novamente'. */

/** The page's own translator: its plurals fall back to `_other` (Arabic and Russian have more forms than the files hold). */
async function translator(request: Request) {
  const { locale, translations } = await pageTranslations(request, ["health"]);
  return { locale, translations, t: createTranslator(translations, locale, "health") };
}

export async function healthTabData(request: Request, user: SessionUser) {
  const { t, locale, translations } = await translator(request);
  return { translations, report: await runHealthChecks({ t, locale, sessionId: user.sessionId }) };
}

/**
 * 'Verificar Novamente': runs the checks and answers them with the spec's
 * toast. The answer is the page itself (no redirect), so the toast speaks of
 * exactly the results shown.
 */
export async function healthAction(request: Request, user: SessionUser) {
  const { t, locale } = await translator(request);
  const report = await runHealthChecks({ t, locale, sessionId: user.sessionId });
  const toast: Toast = report.failed === 0 ? { type: "success", title: t("toast.allPassed") } : { type: "error", title: t("toast.failed", { count: report.failed }) };
  return { report, toast };
}
