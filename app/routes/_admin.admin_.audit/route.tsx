import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Pagination } from "~/components/pagination";
import { TableScroll } from "~/components/table-scroll";
import { labelOrCode } from "~/i18n/translate";
import { useTranslation } from "~/i18n/use-translation";
import { requireAdmin } from "~/services/session.server";
import { loaderMeta } from "~/utils/meta";
import { auditPageData } from "./audit.server";

/** /admin/audit — 'Registro de auditoria': who read, wrote or decided what, when, from which request. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return auditPageData(request);
}

export const meta = loaderMeta;


export default function AuditLog() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin-audit");
  const pageLink = (page: number) => `?${new URLSearchParams({ ...data.form, page: String(page) })}`;
  return (
    <section className="container-page py-8" aria-labelledby="audit-title">
      <Link to="/admin" className="text-sm underline">
        {t("back")}
      </Link>
      <h1 id="audit-title" className="mt-2 text-2xl font-bold">
        {t("title")}
      </h1>
      <p className="muted mt-1 text-sm">{t("intro")}</p>

      <Form method="get" className="card mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <label className="text-sm font-medium">
          {t("filters.actor")}
          <input name="actor" type="search" defaultValue={data.form.actor} className="input mt-1 w-full" />
        </label>
        <label className="text-sm font-medium">
          {t("filters.action")}
          <select name="action" defaultValue={data.form.action ?? ""} className="input mt-1 w-full">
            <option value="">{t("filters.any")}</option>
            {data.vocabulary.actions.map((action) => (
              <option key={action} value={action}>
                {labelOrCode(t, "actions", action)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          {t("filters.subjectType")}
          <select name="subjectType" defaultValue={data.form.subjectType ?? ""} className="input mt-1 w-full">
            <option value="">{t("filters.any")}</option>
            {data.vocabulary.subjectTypes.map((type) => (
              <option key={type} value={type}>
                {labelOrCode(t, "subjects", type)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          {t("filters.subjectId")}
          <input name="subjectId" defaultValue={data.form.subjectId} className="input mt-1 w-full" />
        </label>
        <label className="text-sm font-medium">
          {t("filters.from")}
          <input name="from" type="date" defaultValue={data.form.from} className="input mt-1 w-full" />
        </label>
        <label className="text-sm font-medium">
          {t("filters.to")}
          <input name="to" type="date" defaultValue={data.form.to} className="input mt-1 w-full" />
        </label>
        <div className="flex flex-wrap items-end gap-2 lg:col-span-2">
          <button type="submit" className="btn-primary">
            {t("filters.apply")}
          </button>
          <Link to="/admin/audit" className="btn-secondary">
            {t("filters.clear")}
          </Link>
          {data.total > 0 ? (
            <a href={data.exportHref} className="btn-secondary" download>
              {t("export")}
            </a>
          ) : (
            <button type="button" className="btn-secondary" disabled>
              {t("export")}
            </button>
          )}
        </div>
      </Form>

      <p className="mt-4 text-sm" role="status">
        {t("count", { count: data.total })}
      </p>
      {data.rows.length === 0 ? (
        <p className="muted mt-2">{t("empty")}</p>
      ) : (
        <TableScroll label={t("table")} className="mt-2">
          <table className="w-full text-start text-sm">
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-800">
                <th className="py-2 pe-3">{t("columns.when")}</th>
                <th className="py-2 pe-3">{t("columns.actor")}</th>
                <th className="py-2 pe-3">{t("columns.action")}</th>
                <th className="py-2 pe-3">{t("columns.subject")}</th>
                <th className="py-2 pe-3">{t("columns.details")}</th>
                <th className="py-2 pe-3">{t("columns.request")}</th>
                <th className="py-2">{t("columns.origin")}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => {
                const action = labelOrCode(t, "actions", row.action);
                const role = labelOrCode(t, "roles", row.role);
                return (
                  <tr key={row.id} className="border-b border-slate-100 align-top dark:border-slate-800">
                    <td className="py-2 pe-3 whitespace-nowrap">
                      {row.date} {row.time}
                    </td>
                    <td className="py-2 pe-3">
                      {row.actorEmail ? (
                        <>
                          {row.actorEmail} <span className="muted text-xs">({role})</span>
                        </>
                      ) : (
                        role
                      )}
                    </td>
                    <td className="py-2 pe-3">
                      {action}
                      {action === row.action ? null : <span className="muted block font-mono text-xs">{row.action}</span>}
                    </td>
                    <td className="py-2 pe-3">
                      {labelOrCode(t, "subjects", row.subjectType)} <span className="font-mono text-xs break-all">{row.subjectId}</span>
                    </td>
                    <td className="py-2 pe-3 font-mono text-xs break-all">{row.details}</td>
                    <td className="py-2 pe-3 font-mono text-xs break-all">{row.requestId ?? "—"}</td>
                    <td className="py-2 font-mono text-xs break-all">{row.ipHash ?? "—"}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
      <p className="muted mt-3 text-xs">{t("zoneNote", { zone: data.zone })}</p>
      <Pagination page={data.page} pages={data.pages} href={pageLink} labels={{ nav: t("pagination"), previous: t("previous"), next: t("next"), pageOf: t("pageOf", { page: data.page, pages: data.pages }) }} />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
