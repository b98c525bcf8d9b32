import { z } from "zod";
import { pageTranslations } from "~/i18n/i18n.server";
import { audit } from "~/models/audit.server";
import { PAYMENT_VIEWS } from "~/domain/payment-views";
import { listPayments, PAYMENTS_PAGE_SIZE } from "~/models/admin-payments.server";
import { pageMeta } from "~/services/page-meta.server";
import type { SessionUser } from "~/services/session.server";
import { adminWhen, adminZone } from "~/services/admin-time.server";
import { formatMoney } from "~/utils/format";

/** /admin/payments: every payment, or the ones that need someone, as GET parameters, pages of 50; reading money is audited. */

const schema = z.object({ view: z.enum(PAYMENT_VIEWS).catch("all"), page: z.coerce.number().int().min(1).max(100_000).catch(1) });

export async function paymentsPageData(request: Request, admin: SessionUser) {
  const { t, translations, locale } = await pageTranslations(request, ["admin-payments"]);
  const { view, page } = schema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { rows, total, counts } = await listPayments(view, page);
  await audit({ actor: { userId: admin.id, role: "admin" }, action: "billing.read", subject: { type: "payments", id: view }, details: { page, rows: rows.length } });
  const when = adminWhen(locale);
  return {
    translations,
    meta: await pageMeta(request, { title: t("title"), noindex: true }),
    zone: adminZone(locale),
    view,
    page,
    pages: Math.max(1, Math.ceil(total / PAYMENTS_PAGE_SIZE)),
    counts,
    rows: rows.map((row) => ({
      id: row.id,
      provider: row.provider,
      providerPaymentId: row.providerPaymentId,
      status: row.status,
      statusDetail: row.statusDetail,
      method: row.method,
      currency: row.currency,
      // In the payment's own currency (a mismatch paid in dollars reads as dollars); the consultation's refund owed below is its price, in reais.
      amount: formatMoney(row.amountCents, locale, row.currency),
      refunded: row.refundedCents > 0 ? formatMoney(row.refundedCents, locale, row.currency) : null,
      createdAt: when(row.createdAt),
      appointmentStatus: row.appointmentStatus,
      appointmentPaymentStatus: row.appointmentPaymentStatus,
      refundStatus: row.refundStatus,
      refundOwed: row.refundCents ? formatMoney(row.refundCents, locale) : null,
      patientEmail: row.patientEmail,
      patientId: row.patientId,
      psychologistName: row.psychologistName,
      history: row.history.map((entry) => ({ status: entry.status, detail: entry.detail, at: when(entry.at) })),
      notifications: row.notifications.map((entry) => ({ topic: entry.topic, received: when(entry.received), processed: when(entry.processed) })),
    })),
  };
}
