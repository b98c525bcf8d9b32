import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation, type ShouldRevalidateFunction } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SubmitButton } from "~/components/forms";
import { Toaster } from "~/components/toaster";
import { useTranslation } from "~/i18n/use-translation";
import { requirePsychologist } from "~/services/session.server";
import { healthAction, healthTabData } from "./health.server";

/** /psychologist-dashboard/health — 'Saúde do Sistema' (spec 02, 2.2 'Health check tab'). */
export async function loader({ request }: LoaderFunctionArgs) {
  return healthTabData(request, await requirePsychologist(request));
}

export async function action({ request }: ActionFunctionArgs) {
  return healthAction(request, await requirePsychologist(request));
}

/** 'Verificar Novamente' answers with fresh results: running them all again in the loader would only repeat the work. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, formAction, currentUrl, defaultShouldRevalidate }) => {
  if (formMethod?.toUpperCase() === "POST" && formAction === currentUrl.pathname) return false;
  return defaultShouldRevalidate;
};

type Status = "ok" | "warning" | "error" | "checking";

const BADGE: Record<Status, string> = {
  ok: "bg-teal-100 text-teal-900 dark:bg-teal-900 dark:text-teal-100",
  warning: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  error: "bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-100",
  checking: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
};

export default function HealthTab() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const report = answer?.report ?? data.report;
  const { t } = useTranslation("health");
  const navigation = useNavigation();
  const location = useLocation();
  // With JavaScript: while the checks run again (the button, or 'Atualizar'), every badge says so.
  const checking = navigation.state !== "idle" && navigation.location?.pathname === location.pathname;
  const ok = report.checks.length - report.failed - report.warnings;

  return (
    <section aria-labelledby="tab-title" className="card">
      {answer?.toast ? <Toaster toast={answer.toast} /> : null}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="tab-title" className="text-xl font-semibold">
            {t("heading")}
          </h2>
          <p className="muted mt-1 text-sm">{t("intro")}</p>
        </div>
        <Form method="post" preventScrollReset>
          <SubmitButton className="btn-primary" pending={checking} pendingLabel={t("checking")}>
            {t("recheck")}
          </SubmitButton>
        </Form>
      </div>

      <p role="status" className="mt-4 text-sm font-medium">
        {checking ? t("checking") : report.failed === 0 ? t("summary.allPassed") : t("summary.failed", { count: report.failed })}{" "}
        <span className="muted font-normal">{t("summary.counts", { ok, warnings: t("summary.warnings", { count: report.warnings }), errors: t("summary.errors", { count: report.failed }), ms: report.durationMs })}</span>
      </p>

      <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-800" aria-busy={checking || undefined}>
        {report.checks.map((check) => {
          const status: Status = checking ? "checking" : check.status;
          return (
            <li key={check.id} className="flex flex-wrap items-start gap-x-4 gap-y-1 py-3" data-check={check.id}>
              <span className="min-w-48 flex-1 font-medium">{t(`names.${check.id}`)}</span>
              <span className={`shrink-0 rounded-full px-2.5 py-1 text-xs font-semibold ${BADGE[status]}`} data-status={status}>
                {t(`status.${status}`)}
              </span>
              <span className="muted w-16 shrink-0 text-end text-xs tabular-nums">{t("duration", { ms: check.durationMs })}</span>
              <p className="basis-full text-sm">{check.detail}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
