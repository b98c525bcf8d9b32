import { randomUUID } from "node:crypto";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { TFunction } from "~/i18n/translate";
import { z } from "zod";
import { cancellationRefusal } from "~/domain/cancellation";
import { answerLost, MANUAL_REFUND_REASON_MAX, manualRefundRetryRefusal, refundableCents } from "~/domain/manual-refund";
import { typedReaisToCents } from "~/domain/pricing";
import { pageTranslations } from "~/i18n/i18n.server";
import { paymentTimeline } from "~/models/admin-payments.server";
import { audit } from "~/models/audit.server";
import { findPaymentForRefund, manualRefundsOf, refundable } from "~/models/manual-refunds.server";
import { cancelAppointment } from "~/services/cancellation.server";
import { refundManually, retryManualRefund } from "~/services/manual-refund.server";
import { pageMeta } from "~/services/page-meta.server";
import type { SessionUser } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { answerUnexpected } from "~/services/unexpected-error.server";
import { adminWhen, adminZone } from "~/services/admin-time.server";
import { amountForInput, formatMoney } from "~/utils/format";

/**
 * /admin/payments/{id}: one payment with its history, the provider's
 * notifications and its manual refunds; the administrator refunds part or
 * all of it, tries a refused refund again, or — for a consultation still
 * ahead — cancels it with everything back. Reading it is audited.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function paymentOr404(id: string | undefined, t: TFunction) {
  const payment = id && UUID.test(id) ? await findPaymentForRefund(id) : undefined;
  if (!payment) throw new Response(t("detail.notFound"), { status: 404 });
  return payment;
}

export async function paymentPageData(request: Request, admin: SessionUser, id: string | undefined, now = new Date()) {
  const { t, translations, locale } = await pageTranslations(request, ["admin-payments"]);
  const payment = await paymentOr404(id, t);
  const [timeline, refunds] = await Promise.all([paymentTimeline(payment.id, payment.providerPaymentId), manualRefundsOf(payment.id)]);
  await audit({ actor: { userId: admin.id, role: "admin" }, action: "billing.read", subject: { type: "payment", id: payment.id }, patientId: payment.patientId });
  const when = adminWhen(locale);
  const rule = refundable(payment);
  const left = refundableCents(rule);
  const upcoming = cancellationRefusal({ status: payment.appointmentStatus, startsAt: payment.startsAt }, "admin", now) === null;
  return {
    translations,
    meta: await pageMeta(request, { title: t("detail.title"), noindex: true }),
    zone: adminZone(locale),
    payment: {
      id: payment.id,
      provider: payment.provider,
      providerPaymentId: payment.providerPaymentId,
      status: payment.status,
      statusDetail: payment.statusDetail,
      method: payment.method,
      currency: payment.currency,
      // In the payment's own currency: a mismatch paid in dollars reads as dollars, never as reais.
      amount: formatMoney(payment.amountCents, locale, payment.currency),
      refunded: formatMoney(payment.refundedCents, locale, payment.currency),
      createdAt: when(payment.createdAt),
      approvedAt: when(payment.approvedAt),
      patientId: payment.patientId,
      patientEmail: payment.patientEmail,
      psychologistName: payment.psychologistName,
      appointment: { status: payment.appointmentStatus, paymentStatus: payment.appointmentPaymentStatus, startsAt: when(payment.startsAt), cancellationRefund: payment.cancellationRefundStatus },
    },
    refundable: left > 0 ? { amount: formatMoney(left, locale, payment.currency), reais: amountForInput(left, locale), example: amountForInput(80_00, locale) } : null,
    /** A consultation still ahead: everything back goes through cancelling it. */
    cancellable: upcoming,
    // A fresh key per page view: the same form sent twice is one refund.
    requestKey: randomUUID(),
    history: timeline.history.map((entry) => ({ status: entry.status, detail: entry.detail, at: when(entry.at) })),
    notifications: timeline.notifications.map((entry) => ({ topic: entry.topic, received: when(entry.received), processed: when(entry.processed) })),
    refunds: refunds.map((refund) => ({
      id: refund.id,
      amount: formatMoney(refund.cents, locale, payment.currency),
      reason: refund.reason,
      status: refund.status,
      error: refund.error,
      requestedBy: refund.requestedBy,
      createdAt: when(refund.createdAt),
      completedAt: when(refund.completedAt),
      ...retryOffer(rule, refund, now),
    })),
  };
}

/**
 * Whether 'Tentar novamente' is offered for a manual refund: a failed one, or a pending one whose answer was lost.
 * A failed one the rule would refuse (manualRefundRetryRefusal) gets the reason instead of a button that always
 * answers 409: it waits for a cancellation's refund of the same payment, or nothing (or not that much) is left.
 */
function retryOffer(rule: ReturnType<typeof refundable>, refund: { status: "pending" | "failed" | "refunded"; cents: number; attemptedAt: Date }, now: Date) {
  const retryable = refund.status === "failed" || (refund.status === "pending" && answerLost(refund.attemptedAt, now));
  const refusal = retryable ? manualRefundRetryRefusal(rule, refund) : null;
  return {
    retryable: retryable && !refusal,
    waitsForCancellation: refusal === "cancellation_refund_owed",
    retryRefusal: refusal === "cancellation_refund_owed" ? null : refusal,
  };
}

/** The page's forms, told apart by the `intent` each sends: the answer carries it, so each form shows only its own errors. */
export type PaymentFormIntent = "refund" | "cancel" | "retry";
const INTENTS: readonly string[] = ["refund", "cancel", "retry"] satisfies PaymentFormIntent[];

function reasonField(t: TFunction) {
  return z
    .string({ required_error: t("detail.errors.reasonRequired") })
    .trim()
    .min(3, t("detail.errors.reasonRequired"))
    .max(MANUAL_REFUND_REASON_MAX, t("detail.errors.reasonTooLong"));
}

/** Its example amount ('80,00', '80.00') is written as the reader's language writes decimals, as the field is filled in. */
function actionSchema(t: TFunction, locale: string) {
  return z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("refund"),
      amount: z
        .string({ required_error: t("detail.errors.amountRequired") })
        .trim()
        .transform((value, ctx) => {
          const cents = typedReaisToCents(value);
          if (cents !== null && cents > 0) return cents;
          ctx.addIssue({ code: "custom", message: t("detail.errors.amountInvalid", { example: amountForInput(80_00, locale) }) });
          return z.NEVER;
        }),
      reason: reasonField(t),
      requestKey: z.string().uuid(),
    }),
    z.object({ intent: z.literal("retry"), refundId: z.string().uuid() }),
    z.object({ intent: z.literal("cancel"), reason: reasonField(t) }),
  ]);
}

export async function paymentAction(request: Request, admin: SessionUser, id: string | undefined) {
  // The cancellation namespace: a failed cancel is said as on the person's own cancel page.
  const { t, locale } = await pageTranslations(request, ["admin-payments", "cancellation"]);
  const payment = await paymentOr404(id, t);
  const form = await request.formData();
  const sent = form.get("intent");
  // Which form was sent (null for a hand-made post naming none): the page shows the answer in that form only.
  const intent = typeof sent === "string" && INTENTS.includes(sent) ? (sent as PaymentFormIntent) : null;
  const submission = parseWithZod(form, { schema: actionSchema(t, locale) });
  const reply = (options?: Parameters<typeof submission.reply>[0]) => ({ ...submission.reply(options), intent });
  if (submission.status !== "success") return data(reply(), { status: 400 });
  const back = `/admin/payments/${payment.id}`;
  const value = submission.value;
  if (value.intent === "cancel") {
    // Its transaction rolls back on a failure nobody foresaw: nothing changed, so the page says so and keeps the reason to try again.
    return answerUnexpected(
      "admin-payment-cancel",
      async () => {
        const result = await cancelAppointment({ appointmentId: payment.appointmentId, asker: { role: "admin", userId: admin.id }, reason: value.reason, exception: null });
        if (!result.ok) return data(reply({ formErrors: [t("detail.errors.notCancellable")] }), { status: 409 });
        return redirectWithToast(back, { type: "success", title: t("detail.done.cancelled") });
      },
      () => reply({ formErrors: [t("cancellation:errors.failed")] }),
    );
  }
  // A failure nobody foresaw (the database, or an error past the gateway's own handling) is answered in the form, worded as the
  // provider's refusal, with the amount and reason kept. A refund written before it stays listed, its amount held back from what is left.
  return answerUnexpected(
    `admin-payment-${value.intent}`,
    async () => {
      const result =
        value.intent === "refund"
          ? await refundManually({ admin, paymentId: payment.id, cents: value.amount, reason: value.reason, requestKey: value.requestKey })
          : await retryManualRefund({ admin, paymentId: payment.id, refundId: value.refundId });
      if (result.ok) return redirectWithToast(back, { type: "success", title: t(result.status === "refunded" ? "detail.done.refunded" : "detail.done.pending") });
      if (result.problem === "gateway") return data(reply({ formErrors: [t(`detail.errors.gateway.${result.kind}`)] }), { status: 502 });
      if (result.problem === "not_found" && value.intent === "retry") return data(reply({ formErrors: [t("detail.errors.notRetryable")] }), { status: 409 });
      return data(reply({ formErrors: [t(`detail.errors.${result.problem}`)] }), { status: result.problem === "not_found" ? 404 : 409 });
    },
    // The refund may have reached the gateway before the failure: the form comes back with the same key,
    // so sending it again answers with that refund instead of making a second one.
    () => ({ ...reply({ formErrors: [t("detail.errors.gateway.refund_failed")] }), requestKey: value.intent === "refund" ? value.requestKey : undefined }),
  );
}
