import type { MailAttachment } from "#db/types";
import type { CancellationPolicy, ReschedulePolicy } from "~/domain/appointment-status";
import { buildCalendarCancellation, buildCalendarInvite, inviteSequence, type CalendarInviteInput } from "~/domain/calendar-invite";
import { policySentence, scopedT } from "~/domain/policy-text";
import { dateInZone } from "~/domain/slots";
import { requestDeadline } from "~/domain/reschedule-deadline";
import type { Locale } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { downloadName } from "~/i18n/server-texts.server";
import { env } from "~/utils/env.server";
import { CLOCK_OPTIONS, dateFormat, formatMoney, formatNamedDate, longDateOptions } from "~/utils/format";
import { zoneName } from "~/utils/zoned-time";
import { absoluteUrl, render, type EmailContent } from "./emails.server";

/**
 * The appointment e-mails (`emails` namespace, key `appointment`), each in
 * its recipient's language and time zone: confirmation with the .ics invite,
 * the psychologist's notice, reminders, reschedule and cancellation (with
 * the updated or cancelling .ics), and the payment notices.
 */

export interface Recipient {
  userId: string | null;
  email: string;
  /** First name for the greeting ('' greets without a name). */
  firstName: string;
  locale: Locale;
  timeZone: string;
}

export interface AppointmentFacts {
  id: string;
  startsAt: Date;
  endsAt: Date;
  durationMinutes: number;
  priceCents: number;
  rescheduleCount: number;
  psychologistName: string;
  patientName: string;
  cancellationReason?: string | null;
  /** What the cancellation gives back to the patient (null: nothing was paid). */
  refundCents?: number | null;
}

export interface Attendees {
  patient: { name: string; email: string };
  psychologist: { name: string; email: string } | null;
}

export type AppointmentEmail = EmailContent & { attachments: MailAttachment[] };

export const videoCallPath = (appointmentId: string) => `/appointment/videocall/${appointmentId}`;

/** '10 de março de 2026 às 14:00 (Horário de Brasília)', in the recipient's language and zone. */
export function whenText(locale: Locale, timeZone: string, startsAt: Date): string {
  const t = getFixedT(locale, "emails");
  const date = formatNamedDate(dateFormat(locale, "long-date", timeZone, longDateOptions(locale)), startsAt, locale);
  const time = dateFormat(locale, "time", timeZone, CLOCK_OPTIONS).format(startsAt);
  return t("appointment.when", { date, time, zone: zoneName(startsAt, locale, timeZone) });
}

/** '10 de mar., 14:00': the subject's short date and time in the recipient's zone, so two appointments' e-mails differ in the inbox. */
function subjectWhen(locale: Locale, timeZone: string, startsAt: Date): string {
  return formatNamedDate(dateFormat(locale, "subject-when", timeZone, { day: "numeric", month: "short", ...CLOCK_OPTIONS }), startsAt, locale);
}

function organizer(): { name: string; email: string } {
  const from = env().MAIL_FROM;
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  return match ? { name: match[1]!.trim() || "Acolhe", email: match[2]!.trim() } : { name: "Acolhe", email: from.trim() };
}

function invite(kind: "request" | "cancel", recipient: Recipient, facts: AppointmentFacts, attendees: Attendees, counterpartName: string): MailAttachment {
  const t = getFixedT(recipient.locale, "emails");
  const url = absoluteUrl(videoCallPath(facts.id));
  const input: CalendarInviteInput = {
    appointmentId: facts.id,
    startsAt: facts.startsAt,
    endsAt: facts.endsAt,
    title: t("appointment.inviteTitle", { name: counterpartName }),
    description: t("appointment.inviteDescription", { url }),
    videoUrl: url,
    organizer: organizer(),
    attendees: [attendees.patient, ...(attendees.psychologist ? [attendees.psychologist] : [])],
    sequence: inviteSequence(facts.rescheduleCount, kind === "cancel"),
    now: new Date(),
  };
  const ics = kind === "cancel" ? buildCalendarCancellation(input) : buildCalendarInvite(input);
  return {
    filename: downloadName(recipient.locale, kind === "cancel" ? "inviteCancelled" : "invite", {}, "ics"),
    contentType: `text/calendar; charset=utf-8; method=${kind === "cancel" ? "CANCEL" : "REQUEST"}`,
    content: Buffer.from(ics, "utf8").toString("base64"),
  };
}

function compose(
  template: string,
  recipient: Recipient,
  key: string,
  facts: AppointmentFacts,
  parts: { paragraphs: string[]; action?: { label: string; url: string }; footnote?: string },
  attachments: MailAttachment[] = [],
): AppointmentEmail {
  const t = getFixedT(recipient.locale, "emails");
  const heading = t(`appointment.${key}.heading`);
  return {
    template,
    locale: recipient.locale,
    subject: t("appointment.subjectWhen", { subject: t(`appointment.${key}.subject`), when: subjectWhen(recipient.locale, recipient.timeZone, facts.startsAt) }),
    ...render({ locale: recipient.locale, name: recipient.firstName, heading, paragraphs: parts.paragraphs, action: parts.action, footnote: parts.footnote }),
    attachments,
  };
}

function detailLines(recipient: Recipient, facts: AppointmentFacts, audience: "patient" | "psychologist"): string[] {
  const t = getFixedT(recipient.locale, "emails");
  return [
    audience === "patient" ? t("appointment.withPsychologist", { name: facts.psychologistName }) : t("appointment.withPatient", { name: facts.patientName }),
    t("appointment.durationLine", { minutes: facts.durationMinutes }),
  ];
}

/** What the confirmation promises about reminders: the ones that will really reach this patient (none when they turned reminders off, only the 1 h one when booked less than a day ahead). */
function remindersSentence(t: ReturnType<typeof getFixedT>, reminders: ReadonlyArray<"24h" | "1h">): string[] {
  // The 1 h one is always ahead of the 24 h one.
  if (reminders.includes("24h")) return [t("appointment.confirmed.reminders")];
  if (reminders.includes("1h")) return [t("appointment.confirmed.reminderOneHour")];
  return [];
}

/** To the patient, on approval: the invite, the video page and the policies the booking was made under. */
export function confirmationEmail(
  recipient: Recipient,
  facts: AppointmentFacts,
  attendees: Attendees,
  policies: { cancellation: CancellationPolicy; reschedule: ReschedulePolicy },
  reminders: ReadonlyArray<"24h" | "1h"> = ["24h", "1h"],
): AppointmentEmail {
  const t = getFixedT(recipient.locale, "emails");
  const when = whenText(recipient.locale, recipient.timeZone, facts.startsAt);
  return compose(
    "appointment_confirmed",
    recipient,
    "confirmed",
    facts,
    {
      paragraphs: [
        t("appointment.confirmed.body", { name: facts.psychologistName, when }),
        ...detailLines(recipient, facts, "patient"),
        t("appointment.priceLine", { price: formatMoney(facts.priceCents, recipient.locale) }),
        t("appointment.videoRoom"),
        t("appointment.confirmed.invite"),
        ...remindersSentence(t, reminders),
        policySentence(policies, scopedT(t, "appointment.confirmed.policy")),
      ],
      action: { label: t("appointment.videoButton"), url: absoluteUrl(videoCallPath(facts.id)) },
      // Only what the policy allows: 'cancel or reschedule', or 'cancel' when it allows no reschedule.
      footnote: t(policies.reschedule.maxReschedulesPerAppointment > 0 ? "appointment.confirmed.manage" : "appointment.confirmed.manageNoReschedule"),
    },
    [invite("request", recipient, facts, attendees, facts.psychologistName)],
  );
}

/** To the psychologist, on approval. */
export function newAppointmentEmail(recipient: Recipient, facts: AppointmentFacts, attendees: Attendees): AppointmentEmail {
  const t = getFixedT(recipient.locale, "emails");
  const when = whenText(recipient.locale, recipient.timeZone, facts.startsAt);
  return compose(
    "appointment_new",
    recipient,
    "newAppointment",
    facts,
    {
      paragraphs: [
        t("appointment.newAppointment.body", { name: facts.patientName, when }),
        ...detailLines(recipient, facts, "psychologist"),
        t("appointment.videoRoom"),
        t("appointment.confirmed.invite"),
      ],
      action: { label: t("appointment.videoButton"), url: absoluteUrl(videoCallPath(facts.id)) },
    },
    [invite("request", recipient, facts, attendees, facts.patientName)],
  );
}

/** Under this much time left, the 1 h reminder says 'soon', not 'in 1 hour'. */
const SOON_MS = 50 * 60_000;

/**
 * What the reminder's subject and heading can truly say when it goes out. A
 * reminder skipped while a reschedule request waited is sent late, when the
 * request closes (and a busy queue may be late too): a '24 h' one on the
 * consultation's own day says 'today', a '1 h' one minutes before says 'soon'.
 */
function reminderWording(kind: "24h" | "1h", recipient: Recipient, startsAt: Date, now: Date): "reminder24h" | "reminderToday" | "reminder1h" | "reminderSoon" {
  if (kind === "1h") return startsAt.getTime() - now.getTime() < SOON_MS ? "reminderSoon" : "reminder1h";
  return dateInZone(startsAt, recipient.timeZone) === dateInZone(now, recipient.timeZone) ? "reminderToday" : "reminder24h";
}

export function reminderEmail(kind: "24h" | "1h", recipient: Recipient, facts: AppointmentFacts, audience: "patient" | "psychologist", now = new Date()): AppointmentEmail {
  const t = getFixedT(recipient.locale, "emails");
  const key = kind === "24h" ? "reminder24h" : "reminder1h";
  const counterpart = audience === "patient" ? facts.psychologistName : facts.patientName;
  return compose(`appointment_reminder_${kind}`, recipient, reminderWording(kind, recipient, facts.startsAt, now), facts, {
    paragraphs: [t(`appointment.${key}.body`, { name: counterpart, when: whenText(recipient.locale, recipient.timeZone, facts.startsAt) }), ...detailLines(recipient, facts, audience), t("appointment.videoRoom")],
    action: { label: t("appointment.videoButton"), url: absoluteUrl(videoCallPath(facts.id)) },
  });
}

export function rescheduledEmail(recipient: Recipient, facts: AppointmentFacts, attendees: Attendees, audience: "patient" | "psychologist"): AppointmentEmail {
  const t = getFixedT(recipient.locale, "emails");
  const counterpart = audience === "patient" ? facts.psychologistName : facts.patientName;
  return compose(
    "appointment_rescheduled",
    recipient,
    "rescheduled",
    facts,
    {
      paragraphs: [t("appointment.rescheduled.body", { name: counterpart, when: whenText(recipient.locale, recipient.timeZone, facts.startsAt) }), ...detailLines(recipient, facts, audience), t("appointment.rescheduled.invite")],
      action: { label: t("appointment.videoButton"), url: absoluteUrl(videoCallPath(facts.id)) },
    },
    [invite("request", recipient, facts, attendees, counterpart)],
  );
}

/** To the side that must answer: the other one asks for (patient) or proposes (psychologist) a new time. */
export function rescheduleRequestedEmail(
  recipient: Recipient,
  facts: AppointmentFacts,
  request: { by: "patient" | "psychologist"; proposedStartsAt: Date; reason: string; requestedAt: Date },
): AppointmentEmail {
  const t = getFixedT(recipient.locale, "emails");
  // The moment the sweep will expire it: 24 h before the original only for a request made earlier than that.
  const deadline = requestDeadline({ originalStartsAt: facts.startsAt, proposedStartsAt: request.proposedStartsAt, requestedAt: request.requestedAt });
  const counterpart = request.by === "patient" ? facts.patientName : facts.psychologistName;
  return compose("appointment_reschedule_requested", recipient, `rescheduleRequested.${request.by}`, facts, {
    paragraphs: [
      t(`appointment.rescheduleRequested.${request.by}.body`, {
        name: counterpart,
        when: whenText(recipient.locale, recipient.timeZone, facts.startsAt),
        proposed: whenText(recipient.locale, recipient.timeZone, request.proposedStartsAt),
      }),
      t("appointment.cancelled.reason", { reason: request.reason }),
      t("appointment.rescheduleRequested.answer", { deadline: whenText(recipient.locale, recipient.timeZone, deadline) }),
    ],
    action: { label: t("appointment.rescheduleRequested.button"), url: absoluteUrl(`/appointment/${facts.id}/reschedule`) },
  });
}

/** To the side that asked: the other one kept the original time. */
export function rescheduleRejectedEmail(recipient: Recipient, facts: AppointmentFacts, answer: { by: "patient" | "psychologist"; proposedStartsAt: Date; reason: string | null }): AppointmentEmail {
  const t = getFixedT(recipient.locale, "emails");
  const counterpart = answer.by === "patient" ? facts.patientName : facts.psychologistName;
  return compose("appointment_reschedule_rejected", recipient, "rescheduleRejected", facts, {
    paragraphs: [
      t("appointment.rescheduleRejected.body", {
        name: counterpart,
        proposed: whenText(recipient.locale, recipient.timeZone, answer.proposedStartsAt),
        when: whenText(recipient.locale, recipient.timeZone, facts.startsAt),
      }),
      ...(answer.reason ? [t("appointment.cancelled.reason", { reason: answer.reason })] : []),
    ],
  });
}

/** To both sides: nobody answered the request in time; the original time stands. */
export function rescheduleExpiredEmail(recipient: Recipient, facts: AppointmentFacts, request: { by: "patient" | "psychologist"; proposedStartsAt: Date }, audience: "patient" | "psychologist"): AppointmentEmail {
  const t = getFixedT(recipient.locale, "emails");
  const asked = request.by === audience;
  return compose("appointment_reschedule_expired", recipient, "rescheduleExpired", facts, {
    paragraphs: [
      t(`appointment.rescheduleExpired.${asked ? "asker" : "other"}`, {
        name: audience === "patient" ? facts.psychologistName : facts.patientName,
        proposed: whenText(recipient.locale, recipient.timeZone, request.proposedStartsAt),
        when: whenText(recipient.locale, recipient.timeZone, facts.startsAt),
      }),
    ],
  });
}

export function cancelledEmail(recipient: Recipient, facts: AppointmentFacts, attendees: Attendees, audience: "patient" | "psychologist"): AppointmentEmail {
  const t = getFixedT(recipient.locale, "emails");
  const counterpart = audience === "patient" ? facts.psychologistName : facts.patientName;
  const reason = facts.cancellationReason?.trim();
  return compose(
    "appointment_cancelled",
    recipient,
    "cancelled",
    facts,
    {
      paragraphs: [
        t("appointment.cancelled.body", { name: counterpart, when: whenText(recipient.locale, recipient.timeZone, facts.startsAt) }),
        ...(reason ? [t("appointment.cancelled.reason", { reason })] : []),
        // The patient learns what comes back (the psychologist's e-mail is not about money).
        ...(audience === "patient" && facts.refundCents
          ? [t("appointment.cancelled.refund", { amount: formatMoney(facts.refundCents, recipient.locale) }), t("payment.manualRefund.patient.timing")]
          : []),
        // Paid, and the policy gives nothing back: said, not left to guess.
        ...(audience === "patient" && facts.refundCents === 0 ? [t("appointment.cancelled.noRefund")] : []),
        t("appointment.cancelled.invite"),
      ],
      action: audience === "patient" ? { label: t("appointment.cancelled.button"), url: absoluteUrl("/psychologists") } : undefined,
    },
    [invite("cancel", recipient, facts, attendees, counterpart)],
  );
}

export function paymentPendingEmail(recipient: Recipient, facts: AppointmentFacts): AppointmentEmail {
  const t = getFixedT(recipient.locale, "emails");
  return compose("appointment_payment_pending", recipient, "paymentPending", facts, {
    paragraphs: [t("appointment.paymentPending.body", { name: facts.psychologistName, when: whenText(recipient.locale, recipient.timeZone, facts.startsAt) }), t("appointment.paymentPending.next")],
    action: { label: t("appointment.dashboardButton"), url: absoluteUrl("/patient-dashboard") },
  });
}

export function paymentFailedEmail(recipient: Recipient, facts: AppointmentFacts): AppointmentEmail {
  const t = getFixedT(recipient.locale, "emails");
  return compose("appointment_payment_failed", recipient, "paymentFailed", facts, {
    paragraphs: [
      t("appointment.paymentFailed.body", { name: facts.psychologistName, when: whenText(recipient.locale, recipient.timeZone, facts.startsAt) }),
      t("appointment.paymentFailed.reasons"),
      t("appointment.paymentFailed.next"),
    ],
    action: { label: t("appointment.dashboardButton"), url: absoluteUrl("/patient-dashboard") },
  });
}
