import { pageTranslations } from "~/i18n/i18n.server";
import type { SessionUser } from "~/services/session.server";
import { runHealthChecks } from "~/services/system-health.server";
import type { Toast } from "~/services/toast.server";

/** The health tab's server half: the checks run when the tab opens, and again on 'Verificar Novamente'. */


export async function healthTabData(request: Request, user: SessionUser) {
  const { t, locale, translations } = await pageTranslations(request, ["health"]);
  return { translations, report: await runHealthChecks({ t, locale, sessionId: user.sessionId }) };
}

/**
 * 'Verificar Novamente': runs the checks and answers them with the spec's
 * toast. The answer is the page itself (no redirect), so the toast speaks of
 * exactly the results shown.
 */
export async function healthAction(request: Request, user: SessionUser) {
  const { t, locale } = await pageTranslations(request, ["health"]);
  const report = await runHealthChecks({ t, locale, sessionId: user.sessionId });
  const toast: Toast = report.failed === 0 ? { type: "success", title: t("toast.allPassed") } : { type: "error", title: t("toast.failed", { count: report.failed }) };
  return { report, toast };
}
