import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Pagination } from "~/components/pagination";
import { labelOrCode } from "~/i18n/translate";
import { useTranslation } from "~/i18n/use-translation";
import { PAYMENT_VIEWS } from "~/domain/payment-views";
import { requireAdmin } from "~/services/session.server";
import { loaderMeta } from "~/utils/meta";
import { paymentsPageData } from "./payments.server";

/** /admin/payments — 'Pagamentos': every payment with its history, and those that need someone. */
export async function loader({ request }: LoaderFunctionArgs) {
  return paymentsPageData(request, await requireAdmin(request));
}

export const meta = loaderMeta;

export default function Payments() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin-payments");
  // The provider's word for how it was paid: one it adds later shows as it sent it.
  const method = (value: string) => (t(`methods.${value}`) === `methods.${value}` ? value : t(`methods.${value}`));
  // The provider's status in the reader's language ('Approuvé', not 'approved'); one it adds later shows as it sent it.
  const status = (value: string) => labelOrCode(t, "providerStatus", value);
  const pageLink = (page: number) => `?${new URLSearchParams({ view: data.view, page: String(page) })}`;
  return (
    <section className="container-page py-8" aria-labelledby="payments-title">
      <Link to="/admin" className="text-sm underline">
        {t("back")}
      </Link>
      <h1 id="payments-title" className="mt-2 text-2xl font-bold">
        {t("title")}
      </h1>
      <nav aria-label={t("views.label")} className="mt-4 overflow-x-auto">
        <ul className="flex min-w-max gap-1">
          {PAYMENT_VIEWS.map((view) => (
            <li key={view}>
              <Link to={`?view=${view}`} aria-current={view === data.view ? "page" : undefined} className={view === data.view ? "btn-primary px-3 py-1" : "btn-secondary px-3 py-1"}>
                {t(`views.${view}`)} ({data.counts[view]})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="muted mt-2 text-sm">{t(`hints.${data.view}`)}</p>
      {data.rows.length === 0 ? (
        <p className="muted mt-4">{t("empty")}</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {data.rows.map((row) => (
            <li key={row.id} className="card text-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-semibold">
                  {row.amount} · {row.method ? method(row.method) : "—"} · <span>{status(row.status)}</span>
                  {row.refunded ? <span className="ms-2 text-red-700 dark:text-red-300">{t("refunded", { amount: row.refunded })}</span> : null}
                </p>
                <p className="muted">
                  {row.createdAt} ·{" "}
                  <Link to={`/admin/payments/${row.id}`} className="underline">
                    {t("open")}
                  </Link>
                </p>
              </div>
              <p>
                <Link to={`/admin/users/${row.patientId}`} className="underline">
                  {row.patientEmail}
                </Link>{" "}
                → {row.psychologistName}
              </p>
              <p className="muted text-xs">
                {t("appointment", { status: t(`appointmentStatus.${row.appointmentStatus}`), payment: t(`paymentStatus.${row.appointmentPaymentStatus}`) })}
                {row.refundStatus ? ` · ${t(`refund.${row.refundStatus}`, { amount: row.refundOwed ?? "" })}` : ""} · {row.provider} {row.providerPaymentId}
              </p>
              <details className="mt-2">
                <summary className="cursor-pointer text-xs font-medium">{t("historyToggle", { count: row.history.length + row.notifications.length })}</summary>
                <ol className="mt-1 space-y-1 text-xs">
                  {row.history.map((entry, index) => (
                    <li key={`h${index}`}>
                      {entry.at}: <span>{status(entry.status)}</span>
                      {entry.detail ? ` (${entry.detail})` : ""}
                    </li>
                  ))}
                  {row.notifications.map((entry, index) => (
                    <li key={`n${index}`}>{t("notification", { topic: entry.topic, received: entry.received ?? "", processed: entry.processed ?? t("notProcessed") })}</li>
                  ))}
                </ol>
              </details>
            </li>
          ))}
        </ul>
      )}
      <p className="muted mt-3 text-xs">{t("zoneNote", { zone: data.zone })}</p>
      <Pagination page={data.page} pages={data.pages} href={pageLink} labels={{ nav: t("pagination"), previous: t("previous"), next: t("next"), pageOf: t("pageOf", { page: data.page, pages: data.pages }) }} />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
