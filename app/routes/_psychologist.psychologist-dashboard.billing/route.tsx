import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LoadError } from "~/components/load-error";
import { Pagination } from "~/components/pagination";
import { TableScroll } from "~/components/table-scroll";
import { BILLING_PERIODS } from "~/domain/practice-billing";
import type { TFunction } from "~/i18n/translate";
import { useTranslation } from "~/i18n/use-translation";
import { requirePsychologist } from "~/services/session.server";
import { billingTabData } from "./billing.server";

/** /psychologist-dashboard/billing — 'Faturamento': the period's four cards, its transactions and their CSV. */
export async function loader({ request }: LoaderFunctionArgs) {
  return billingTabData(request, await requirePsychologist(request));
}

type Billing = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["billing"]>;

const STATUS_TONE: Record<string, string> = {
  approved: "confirmed",
  partially_refunded: "pending",
  refunded: "cancelled",
  pending: "pending",
  in_process: "pending",
  authorized: "pending",
  in_mediation: "pending",
  rejected: "cancelled",
  cancelled: "cancelled",
  charged_back: "cancelled",
};

export default function BillingTab() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("billing");
  const exportHref = `/psychologist-dashboard/billing/export?period=${data.period}`;
  const canExport = (data.billing?.transactions.total ?? 0) > 0;
  return (
    <section aria-labelledby="tab-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="tab-title" className="text-xl font-semibold">
            {t("heading")}
          </h2>
          {data.billing ? <p className="muted text-sm">{t("range", { from: data.billing.firstDay, to: data.billing.lastDay })}</p> : null}
        </div>
        <div className="flex flex-wrap items-end gap-2">
          {/* GET: the period is the URL, so it works without JavaScript and can be bookmarked. */}
          <Form method="get" className="flex items-end gap-2">
            <label className="text-sm">
              <span className="block">{t("period.label")}</span>
              <select name="period" defaultValue={data.period} className="input">
                {BILLING_PERIODS.map((period) => (
                  <option key={period} value={period}>
                    {t(`period.${period}`)}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="btn-secondary">
              {t("period.apply")}
            </button>
          </Form>
          {/* A document download (Content-Disposition), not a client navigation; disabled when the period has nothing. */}
          {canExport ? (
            <a href={exportHref} className="btn-secondary">
              {t("export")}
            </a>
          ) : (
            <button type="button" className="btn-secondary" disabled title={t("exportEmpty")}>
              {t("export")}
            </button>
          )}
        </div>
      </div>
      {data.exportError ? <LoadError message={data.exportError} retry={t("retry")} href={exportHref} /> : null}
      {data.error ? <LoadError message={data.error} retry={t("retry")} /> : data.billing ? <Figures billing={data.billing} t={t} /> : null}
      {data.billing ? <Transactions billing={data.billing} period={data.period} t={t} /> : null}
    </section>
  );
}

function Card({ title, value, children }: { title: string; value: string; children: ReactNode }) {
  return (
    <div className="card">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{title}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums">{value}</dd>
      <dd className="muted mt-1 text-sm">{children}</dd>
    </div>
  );
}

function Figures({ billing, t }: { billing: Billing; t: TFunction }) {
  const { cards } = billing;
  return (
    <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <Card title={t("cards.revenue")} value={cards.revenue}>
        {t("cards.revenueHint")}
      </Card>
      <Card title={t("cards.received")} value={cards.received}>
        {t("cards.receivedHint")}
      </Card>
      <Card title={t("cards.pending")} value={cards.pending}>
        {t("cards.pendingHint")}
      </Card>
      <Card title={t("cards.conversion")} value={cards.conversion ?? "--"}>
        {cards.conversion === null ? t("cards.conversionEmpty") : t("cards.conversionHint", { paid: cards.paid, count: cards.created })}
      </Card>
    </dl>
  );
}

function Transactions({ billing, period, t }: { billing: Billing; period: string; t: TFunction }) {
  const { transactions } = billing;
  const pageHref = (page: number) => `?${new URLSearchParams({ period, page: String(page) })}`;
  return (
    <section className="card">
      <h3 id="transactions-title" className="font-semibold">
        {t("transactions.heading")}
      </h3>
      <p className="muted mt-1 text-sm" role="status">
        {t("transactions.count", { count: transactions.total })}
      </p>
      {transactions.rows.length === 0 ? (
        <p className="mt-3 text-sm">{t("transactions.empty")}</p>
      ) : (
        <TableScroll label={t("transactions.heading")} className="mt-3">
          <table className="w-full min-w-[40rem] text-start text-sm">
            <caption className="sr-only">{t("transactions.heading")}</caption>
            <thead>
              <tr className="border-b border-slate-200 text-start dark:border-slate-800">
                <th scope="col" className="py-2 pe-3 text-start font-medium">
                  {t("transactions.date")}
                </th>
                <th scope="col" className="py-2 pe-3 text-start font-medium">
                  {t("transactions.patient")}
                </th>
                <th scope="col" className="py-2 pe-3 text-end font-medium">
                  {t("transactions.amount")}
                </th>
                <th scope="col" className="py-2 pe-3 text-start font-medium">
                  {t("transactions.status")}
                </th>
                <th scope="col" className="py-2 text-start font-medium">
                  {t("transactions.method")}
                </th>
              </tr>
            </thead>
            <tbody>
              {transactions.rows.map((row) => (
                <tr key={row.id} className="border-b border-slate-100 align-top dark:border-slate-900" data-testid="transaction">
                  <td className="py-2 pe-3">
                    {row.date}
                    <span className="muted block">{row.time}</span>
                  </td>
                  <td className="py-2 pe-3">{row.patient}</td>
                  <td className="py-2 pe-3 text-end tabular-nums">
                    {row.amount}
                    {/* A refund is money going back: shown as a negative amount under the payment. */}
                    {row.refunded ? <span className="block text-red-700 dark:text-red-300">{t("transactions.refundedAmount", { amount: row.refunded })}</span> : null}
                  </td>
                  <td className="py-2 pe-3">
                    <span className="status-badge" data-status={row.status ? STATUS_TONE[row.status] : "other"}>
                      {row.status ? t(`status.${row.status}`) : row.rawStatus}
                    </span>
                  </td>
                  <td className="py-2">{row.method ? t(`methods.${row.method}`) : (row.rawMethod ?? "—")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <Pagination page={transactions.page} pages={transactions.pages} href={(page) => pageHref(page)} labels={{ nav: t("transactions.pagination"), previous: t("transactions.previous"), next: t("transactions.next"), pageOf: t("transactions.pageOf", { page: transactions.page, pages: transactions.pages }) }} />
      <p className="muted mt-3 text-xs">{t("zoneNote", { zone: billing.zoneLabel })}</p>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
