import { statusLabelKey } from "~/domain/appointment-status";
import { consultationActions, patientName } from "~/domain/practice-appointments";
import { pageTranslations } from "~/i18n/i18n.server";
import { audit } from "~/models/audit.server";
import { consultationDetail } from "~/models/practice-appointments.server";
import type { PsychologistSessionUser } from "~/services/session.server";
import { data } from "@remix-run/node";
import { grantExceptionRefund } from "~/services/cancellation.server";
import { redirectWithToast } from "~/services/toast.server";
import { formatLongDate, formatMoney, formatTime } from "~/utils/format";
import { zoneName } from "~/utils/zoned-time";

/** One consultation's page: its facts, what can be done now, and the timeline of what happened to it. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Gateway statuses (Mercado Pago's words) that have a sentence of their own; others are shown as they are. */
const PAYMENT_EVENTS = new Set(["approved", "pending", "in_process", "rejected", "refunded", "cancelled", "charged_back"]);

export async function consultationDetailData(request: Request, user: PsychologistSessionUser, appointmentId: string, now = new Date()) {
  const { t, translations, locale } = await pageTranslations(request, ["consultations", "appointments"]);
  const psychologistId = user.psychologistId;
  // Another psychologist's consultation is as absent as one that does not exist.
  const found = UUID.test(appointmentId) ? await consultationDetail({ psychologistId, appointmentId }) : undefined;
  if (!found) throw new Response(t("detail.notFound"), { status: 404 });
  // Price, refund and payment timeline shown are a money read (ADR 016): one row per view, before anything leaves.
  await audit({ actor: { userId: user.id, role: user.role }, action: "billing.read", subject: { type: "appointment", id: found.id }, patientId: found.patientId });
  const timeZone = user.psychologistTimeZone;
  const at = (instant: Date) => `${formatLongDate(instant, locale, timeZone)} ${formatTime(instant, locale, timeZone)}`;

  const timeline = found.events.map((event) => {
    const kind = event.kind;
    let text: string;
    // A booking starts as a hold awaiting payment; other rows (e.g. imported ones) start as they are.
    if (kind === "created") text = t(event.detail === "pending_payment" ? "timeline.held" : "timeline.created");
    else if (kind === "status") text = t("timeline.status", { status: t(`appointments:status.${statusLabelKey(event.detail as Parameters<typeof statusLabelKey>[0])}`) });
    else if (kind === "payment") text = PAYMENT_EVENTS.has(event.detail ?? "") ? t(`timeline.payment.${event.detail}`) : t("timeline.payment.other", { status: event.detail });
    else if (kind === "notice") text = t(`timeline.notice.${event.detail}`);
    else if (kind === "moved") text = t("timeline.moved");
    else if (kind === "request") text = t(`timeline.request.${event.detail}`);
    else text = t("timeline.roomCreated");
    return { text, at: at(new Date(event.at)) };
  });

  return {
    translations,
    zone: zoneName(found.startsAt, locale, timeZone),
    consultation: {
      id: found.id,
      patient: patientName(found),
      email: found.email,
      status: statusLabelKey(found.status),
      paymentStatus: found.paymentStatus,
      date: formatLongDate(found.startsAt, locale, timeZone),
      time: formatTime(found.startsAt, locale, timeZone),
      durationMinutes: found.durationMinutes,
      price: formatMoney(found.priceCents, locale),
      cancellationReason: found.cancellationReason,
      cancelledBy: found.cancelledBy,
      cancellationException: found.cancellationException,
      refund: found.refundCents && found.refundStatus ? { amount: formatMoney(found.refundCents, locale), status: found.refundStatus } : null,
      canGrantFullRefund: found.cancelledBy === "patient" && found.cancellationException !== null && found.paymentStatus === "paid" && (found.refundCents ?? 0) < found.priceCents,
      canReschedule: ["scheduled", "confirmed", "pending_reschedule"].includes(found.status) && found.startsAt.getTime() > now.getTime(),
      rescheduleRequested: found.status === "pending_reschedule",
      ...consultationActions(found, now),
    },
    timeline,
  };
}

/** The page's one form: granting a patient's claimed exception (the whole price goes back). */
export async function consultationDetailAction(request: Request, user: PsychologistSessionUser, appointmentId: string) {
  const { t } = await pageTranslations(request, ["consultations"]);
  const form = await request.formData();
  if (form.get("intent") !== "grant-full-refund") return data({ error: t("errors.badRequest") }, { status: 400 });
  if (!UUID.test(appointmentId) || !(await consultationDetail({ psychologistId: user.psychologistId, appointmentId }))) throw new Response(t("detail.notFound"), { status: 404 });
  if (!(await grantExceptionRefund(appointmentId, user.id))) return data({ error: t("detail.grantNotAllowed") }, { status: 409 });
  return redirectWithToast(`/psychologist-dashboard/appointments/${appointmentId}`, { type: "success", title: t("detail.granted") });
}
