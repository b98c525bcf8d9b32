import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Pagination } from "~/components/pagination";
import { useTranslation } from "~/i18n/use-translation";
import { requireAdmin } from "~/services/session.server";
import { loaderMeta } from "~/utils/meta";
import { ROLES, STATES } from "~/domain/people-filters";
import { peoplePageData } from "./people.server";

/** /admin/users — 'Pessoas': find anyone by name, e-mail or CPF, by role and state. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return peoplePageData(request);
}

export const meta = loaderMeta;

export default function People() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin-people");
  const pageLink = (page: number) => `?${new URLSearchParams({ ...data.form, page: String(page) })}`;
  return (
    <section className="container-page py-8" aria-labelledby="people-title">
      <Link to="/admin" className="text-sm underline">
        {t("back")}
      </Link>
      <h1 id="people-title" className="mt-2 text-2xl font-bold">
        {t("title")}
      </h1>
      <Form method="get" className="card mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <label className="text-sm font-medium lg:col-span-2">
          {t("filters.q")}
          <input name="q" type="search" defaultValue={data.form.q} placeholder={t("filters.qPlaceholder")} className="input mt-1 w-full" />
        </label>
        <label className="text-sm font-medium">
          {t("filters.role")}
          <select name="role" defaultValue={data.form.role ?? ""} className="input mt-1 w-full">
            <option value="">{t("filters.any")}</option>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`roles.${role}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          {t("filters.state")}
          <select name="state" defaultValue={data.form.state ?? ""} className="input mt-1 w-full">
            <option value="">{t("filters.any")}</option>
            {STATES.map((state) => (
              <option key={state} value={state}>
                {t(`states.${state}`)}
              </option>
            ))}
          </select>
        </label>
        <div className="flex gap-2">
          <button type="submit" className="btn-primary">
            {t("filters.apply")}
          </button>
          <Link to="/admin/users" className="btn-secondary">
            {t("filters.clear")}
          </Link>
        </div>
      </Form>
      <p className="mt-4 text-sm" role="status">
        {t("count", { count: data.total })}
      </p>
      {data.rows.length === 0 ? (
        <p className="muted mt-2">{t("empty")}</p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-start text-sm">
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-800">
                <th className="py-2 pe-3">
                  {t("columns.name")} · {t("columns.email")}
                </th>
                <th className="py-2 pe-3">{t("columns.role")}</th>
                <th className="py-2 pe-3">{t("columns.state")}</th>
                <th className="py-2">{t("columns.since")}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={row.id} className="border-b border-slate-100 dark:border-slate-800">
                  {/* The e-mail under the name, not in a column of its own: on a phone the role and the state stay in sight. */}
                  <td className="min-w-[10rem] py-2 pe-3">
                    <Link to={`/admin/users/${row.id}`} className="font-medium underline">
                      {row.name}
                    </Link>
                    <span className="muted block text-xs [overflow-wrap:anywhere]">
                      <bdi>{row.email}</bdi>
                    </span>
                  </td>
                  <td className="py-2 pe-3">{t(`roles.${row.role}`)}</td>
                  <td className="py-2 pe-3">{t(`states.${row.state}`)}</td>
                  <td className="py-2">{row.createdAt}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={data.page} pages={data.pages} href={pageLink} labels={{ nav: t("pagination"), previous: t("previous"), next: t("next"), pageOf: t("pageOf", { page: data.page, pages: data.pages }) }} />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
