import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { TableScroll } from "~/components/table-scroll";
import { useTranslation } from "~/i18n/use-translation";
import { requireAdmin } from "~/services/session.server";
import { loaderMeta } from "~/utils/meta";
import { configurationPageData } from "./configuration.server";

/** /admin/configuration — 'Configuração': the outside services, whether they answer, their last error, and what production still lacks. */
export async function loader({ request }: LoaderFunctionArgs) {
  return configurationPageData(request, await requireAdmin(request));
}

export const meta = loaderMeta;

export default function Configuration() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin-config");
  const { t: health } = useTranslation("health");
  return (
    <section className="container-page max-w-5xl space-y-4 py-8" aria-labelledby="config-title">
      <Link to="/admin" className="text-sm underline">
        {t("back")}
      </Link>
      <h1 id="config-title" className="text-2xl font-bold">
        {t("title")}
      </h1>
      <p className="muted text-sm">{t("environment", { environment: t(`environments.${data.environment}`) })}</p>

      <section className="card">
        <h2 id="providers-title" className="font-semibold">
          {t("providers.title")}
        </h2>
        <TableScroll label={t("providers.title")} className="mt-2">
          <table className="w-full text-start text-sm">
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-800">
                <th className="py-2 pe-3">{t("providers.service")}</th>
                <th className="py-2 pe-3">{t("providers.mode")}</th>
                <th className="py-2">{t("providers.lastError")}</th>
              </tr>
            </thead>
            <tbody>
              {data.providers.map((provider) => (
                <tr key={provider.id} className="border-b border-slate-100 align-top dark:border-slate-800">
                  <td className="py-2 pe-3 font-medium">{t(`providers.names.${provider.id}`)}</td>
                  <td className="py-2 pe-3">{t(`providers.modes.${provider.mode}`)}</td>
                  <td className="py-2">
                    {provider.lastError ? (
                      <>
                        <span className="block">{provider.lastError.at}</span>
                        <span className="muted block break-all font-mono text-xs">{provider.lastError.message}</span>
                      </>
                    ) : (
                      t("providers.noError")
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </section>

      <section className="card" aria-labelledby="checks-title">
        <h2 id="checks-title" className="font-semibold">
          {t("checks.title")}
        </h2>
        <ul className="mt-2 space-y-2 text-sm">
          {data.report.checks.map((check) => (
            <li key={check.id} className="flex flex-wrap items-baseline gap-2">
              <span className="status-badge" data-status={check.status === "ok" ? "confirmed" : check.status === "warning" ? "pending" : "cancelled"}>
                {health(`status.${check.status}`)}
              </span>
              <span className="font-medium">{health(`names.${check.id}`)}</span>
              <span className="muted">{check.detail}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className="card" aria-labelledby="production-title">
        <h2 id="production-title" className="font-semibold">
          {t("production.title")}
        </h2>
        {data.productionGaps.length === 0 ? (
          <p className="mt-2 text-sm">{t("production.ready")}</p>
        ) : (
          <>
            <p className="mt-2 text-sm">{t("production.missing")}</p>
            <ul className="mt-1 list-inside list-disc font-mono text-xs">
              {data.productionGaps.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          </>
        )}
      </section>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
