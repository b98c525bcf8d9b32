import type { Transaction } from "kysely";
import type { Database } from "#db/types";
import { DEFAULT_TIME_ZONE } from "~/domain/time-zones";
import type { Locale } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { getPatientRecipient, getPsychologistRecipient, type LockedAppointment } from "~/models/payment.server";
import { formatLongDate, formatMoney, formatTime } from "~/utils/format";
import { zoneName } from "~/utils/zoned-time";
import { absoluteUrl, recipientLocale, render, type EmailContent } from "./emails.server";
import { ADMIN_ALERT_LOCALE, queueAdminAlert } from "./admin-alerts.server";
import { queueMail } from "./mail.server";

/**
 * The payment e-mails (`emails:payment.*`), each in its recipient's language
 * and zone, written to the outbox in the caller's transaction.
 */

interface Moment {
  date: string;
  time: string;
  zone: string;
}

function momentFor(startsAt: Date, locale: Locale, timeZone: string): Moment {
  return {
    date: formatLongDate(startsAt, locale, timeZone) ?? "",
    time: formatTime(startsAt, locale, timeZone) ?? "",
    // The zone's name in the recipient's language, as the appointment e-mails say it ('Horário de Brasília'), not its IANA id.
    zone: zoneName(startsAt, locale, timeZone),
  };
}

function lateRefundPatientEmail(locale: Locale, values: Record<string, string>): EmailContent {
  const t = getFixedT(locale, "emails");
  return {
    template: "payment_late_refund_patient",
    locale,
    subject: t("payment.lateRefund.patient.subject"),
    ...render({
      locale,
      name: values.name ?? "",
      heading: t("payment.lateRefund.patient.heading"),
      paragraphs: [t("payment.lateRefund.patient.body", { ...values }), t("payment.lateRefund.patient.refund", { ...values })],
      action: { label: t("payment.lateRefund.patient.button"), url: absoluteUrl("/schedule") },
    }),
  };
}

function lateRefundPsychologistEmail(locale: Locale, values: Record<string, string>): EmailContent {
  const t = getFixedT(locale, "emails");
  return {
    template: "payment_late_refund_psychologist",
    locale,
    subject: t("payment.lateRefund.psychologist.subject"),
    ...render({
      locale,
      name: values.name ?? "",
      heading: t("payment.lateRefund.psychologist.heading"),
      paragraphs: [t("payment.lateRefund.psychologist.body", { ...values }), t("payment.lateRefund.psychologist.agenda")],
      action: { label: t("payment.lateRefund.psychologist.button"), url: absoluteUrl("/psychologist-dashboard") },
    }),
  };
}

/**
 * A payment approved after its hold ran out, for a slot someone else has
 * taken since: the patient and the psychologist learn that it was refunded.
 */
export async function queueLateRefundEmails(trx: Transaction<Database>, appointment: LockedAppointment, amountCents: number) {
  const [patient, psychologist] = await Promise.all([
    getPatientRecipient(trx, appointment.patientId),
    getPsychologistRecipient(trx, appointment.psychologistId),
  ]);
  if (patient) {
    const locale = recipientLocale(patient.locale);
    const content = lateRefundPatientEmail(locale, {
      name: patient.firstName ?? "",
      psychologist: psychologist?.name ?? "",
      amount: formatMoney(amountCents, locale),
      ...momentFor(appointment.startsAt, locale, patient.timeZone ?? DEFAULT_TIME_ZONE),
    });
    await queueMail(trx, { userId: patient.id, to: patient.email, ...content });
  }
  const psychologistEmail = psychologist ? (psychologist.deletedAt ? null : psychologist.userEmail) ?? psychologist.psychologistEmail : null;
  if (psychologist && psychologistEmail) {
    const locale = recipientLocale(psychologist.locale);
    const content = lateRefundPsychologistEmail(locale, {
      name: psychologist.firstName ?? "",
      amount: formatMoney(amountCents, locale),
      ...momentFor(appointment.startsAt, locale, psychologist.timeZone),
    });
    await queueMail(trx, { userId: psychologist.userId, to: psychologistEmail, ...content });
  }
}

/** A second payment for an appointment that was already paid: the patient learns it was returned. */
export async function queueDuplicateRefundEmail(trx: Transaction<Database>, appointment: LockedAppointment, amountCents: number) {
  const [patient, psychologist] = await Promise.all([getPatientRecipient(trx, appointment.patientId), getPsychologistRecipient(trx, appointment.psychologistId)]);
  if (!patient) return;
  const locale = recipientLocale(patient.locale);
  const t = getFixedT(locale, "emails");
  const values = {
    psychologist: psychologist?.name ?? "",
    amount: formatMoney(amountCents, locale),
    ...momentFor(appointment.startsAt, locale, patient.timeZone ?? DEFAULT_TIME_ZONE),
  };
  await queueMail(trx, {
    userId: patient.id,
    to: patient.email,
    template: "payment_duplicate_refund",
    locale,
    subject: t("payment.duplicateRefund.subject"),
    ...render({
      locale,
      name: patient.firstName ?? "",
      heading: t("payment.duplicateRefund.heading"),
      paragraphs: [t("payment.duplicateRefund.body", values), t("payment.duplicateRefund.refund", values)],
      action: { label: t("payment.duplicateRefund.button"), url: absoluteUrl("/patient-dashboard") },
    }),
  });
}

/** What came in, written as the alert's Portuguese writes money ('R$ 149,00', 'US$ 150,00'); a code Intl does not know, as it came. */
function receivedAmount(cents: number, currency: string): string {
  try {
    return formatMoney(cents, ADMIN_ALERT_LOCALE, currency);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/**
 * An approved payment whose amount or currency is not the appointment's
 * price: the admins are told (the payment is refunded, the appointment not confirmed).
 */
export async function queueMismatchAlert(trx: Transaction<Database>, appointment: LockedAppointment, payment: { paymentId: string; amountCents: number; currency: string }) {
  const t = getFixedT(ADMIN_ALERT_LOCALE, "emails");
  const values = {
    appointment: appointment.id,
    payment: payment.paymentId,
    received: receivedAmount(payment.amountCents, payment.currency),
    price: formatMoney(appointment.priceCents, ADMIN_ALERT_LOCALE),
  };
  await queueAdminAlert(trx, {
    template: "payment_mismatch_alert",
    subject: t("payment.mismatch.subject"),
    heading: t("payment.mismatch.heading"),
    paragraphs: [t("payment.mismatch.body", values), t("payment.mismatch.action")],
    action: { label: t("payment.mismatch.button"), url: absoluteUrl("/admin") },
  });
}

/**
 * An administrator refunded part or all of a payment (issue 15): the patient
 * learns how much comes back and when it may show; the psychologist, that
 * this amount leaves their earnings. The admin's reason stays internal.
 */
export async function queueManualRefundEmails(trx: Transaction<Database>, appointment: { patientId: string; psychologistId: string; startsAt: Date }, cents: number, full: boolean) {
  const [patient, psychologist] = await Promise.all([getPatientRecipient(trx, appointment.patientId), getPsychologistRecipient(trx, appointment.psychologistId)]);
  const kind = full ? "full" : "partial";
  if (patient) {
    const locale = recipientLocale(patient.locale);
    const t = getFixedT(locale, "emails");
    const values = { psychologist: psychologist?.name ?? "", amount: formatMoney(cents, locale), ...momentFor(appointment.startsAt, locale, patient.timeZone ?? DEFAULT_TIME_ZONE) };
    await queueMail(trx, {
      userId: patient.id,
      to: patient.email,
      template: "payment_manual_refund_patient",
      locale,
      subject: t("payment.manualRefund.patient.subject"),
      ...render({
        locale,
        name: patient.firstName ?? "",
        heading: t("payment.manualRefund.patient.heading"),
        paragraphs: [t(`payment.manualRefund.patient.${kind}`, values), t("payment.manualRefund.patient.timing")],
        action: { label: t("payment.manualRefund.patient.button"), url: absoluteUrl("/patient-dashboard") },
      }),
    });
  }
  const psychologistEmail = psychologist ? ((psychologist.deletedAt ? null : psychologist.userEmail) ?? psychologist.psychologistEmail) : null;
  if (psychologist && psychologistEmail) {
    const locale = recipientLocale(psychologist.locale);
    const t = getFixedT(locale, "emails");
    const values = { amount: formatMoney(cents, locale), ...momentFor(appointment.startsAt, locale, psychologist.timeZone) };
    await queueMail(trx, {
      userId: psychologist.userId,
      to: psychologistEmail,
      template: "payment_manual_refund_psychologist",
      locale,
      subject: t("payment.manualRefund.psychologist.subject"),
      ...render({
        locale,
        name: psychologist.firstName ?? "",
        heading: t("payment.manualRefund.psychologist.heading"),
        paragraphs: [t("payment.manualRefund.psychologist.body", values), t("payment.manualRefund.psychologist.billing")],
        action: { label: t("payment.manualRefund.psychologist.button"), url: absoluteUrl("/psychologist-dashboard/billing") },
      }),
    });
  }
}
