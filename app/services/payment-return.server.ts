import { redirect } from "@remix-run/node";
import { statusLabelKey } from "~/domain/appointment-status";
import { dateInZone } from "~/domain/slots";
import { pageTranslations } from "~/i18n/i18n.server";
import { findPatientAppointment, latestPaymentOfPatientAppointment } from "~/models/booking.server";
import { formatMoney } from "~/utils/format";
import { formatClock, formatDay, formatSlotRange, timeZoneLabel } from "~/utils/booking-format";
import { UUID } from "./booking-pages.server";
import { pageMeta } from "./page-meta.server";
import { syncPaymentForAppointment } from "./payment-confirmation.server";
import { requirePatient } from "./session.server";
import { viewerTimeZone } from "./viewer-time-zone.server";

/**
 * The return pages (/appointment/success/{id}, /payment/success|failure|pending
 * and their /appointment/ twins). The URL only says WHICH appointment; what
 * the page says comes from the database, for the signed-in patient's own
 * appointment. When the patient is back before the notification was
 * processed, the payment named in the URL is looked up at the gateway and
 * applied (the same service as the webhook's job).
 */

export type ReturnRoute = "success" | "pending" | "failure";
/** "lapsed": the hold ran out while the payment was still being processed; it may yet be approved (ADR 010). */
export type ReturnView = "success" | "pending" | "failure" | "lapsed";

const PAYMENT_ID = /^[A-Za-z0-9_-]{1,64}$/;
const PENDING_PAYMENT = new Set(["pending", "in_process", "authorized"]);

export async function paymentReturnPage(request: Request, idFromPath: string | undefined, route: ReturnRoute) {
  const user = await requirePatient(request);
  const url = new URL(request.url);
  const { t, translations, locale } = await pageTranslations(request, ["payment"]);
  const id = idFromPath ?? url.searchParams.get("appointment_id") ?? url.searchParams.get("external_reference");
  // Nothing says which appointment: the dashboard lists them all.
  if (!id) throw redirect("/patient-dashboard");
  const notFound = () => new Response(t("errors.notFound"), { status: 404 });
  if (!UUID.test(id)) throw notFound();

  let appointment = await findPatientAppointment(user.id, id);
  if (!appointment) throw notFound();
  const paymentId = url.searchParams.get("payment_id") ?? url.searchParams.get("collection_id");
  if (appointment.status === "pending_payment" && paymentId && PAYMENT_ID.test(paymentId)) {
    if (await syncPaymentForAppointment(appointment.id, paymentId)) appointment = (await findPatientAppointment(user.id, id)) ?? appointment;
  }
  const latest = await latestPaymentOfPatientAppointment(user.id, id);

  const now = new Date();
  const holdActive = appointment.status === "pending_payment" && appointment.holdExpiresAt !== null && appointment.holdExpiresAt.getTime() > now.getTime();
  const paymentUnderWay = latest !== undefined && PENDING_PAYMENT.has(latest.status);
  // The hold ran out (released or not yet) while the gateway still processes the payment: nothing failed.
  // If it is approved later, the consultation is confirmed when the slot is still free, else refunded (ADR 010).
  const holdLapsed =
    (appointment.status === "pending_payment" && !holdActive) ||
    (appointment.status === "cancelled" && appointment.cancellationReason === "hold_expired");
  let view: ReturnView;
  if (appointment.paymentStatus === "paid") view = "success";
  else if (paymentUnderWay && holdLapsed && appointment.paymentStatus !== "refunded") view = "lapsed";
  else if (appointment.status === "pending_payment") view = paymentUnderWay ? "pending" : route === "failure" ? "failure" : "pending";
  else view = "failure";

  const { timeZone } = viewerTimeZone(request, user);
  const title = t(`meta.${view}Title`);
  return {
    translations,
    title,
    meta: await pageMeta(request, { title, noindex: true }),
    view,
    appointment: {
      id: appointment.id,
      psychologistId: appointment.psychologistId,
      psychologist: appointment.psychologistName,
      date: formatDay(dateInZone(appointment.startsAt, timeZone), locale),
      time: formatSlotRange(appointment.startsAt, appointment.endsAt, timeZone),
      timeZone: timeZoneLabel(timeZone, locale, appointment.startsAt),
      duration: appointment.durationMinutes,
      price: formatMoney(appointment.priceCents, locale),
      status: t(`status.${statusLabelKey(appointment.status)}`),
    },
    holdUntil: holdActive && appointment.holdExpiresAt ? formatClock(appointment.holdExpiresAt, timeZone) : null,
    /** Awaiting payment with nothing under way: the patient may go back to the checkout. */
    canResume: holdActive && !paymentUnderWay,
    refundedLate: appointment.status === "cancelled" && appointment.paymentStatus === "refunded" && latest?.status !== undefined && appointment.cancellationReason !== "payment_refunded",
  };
}
