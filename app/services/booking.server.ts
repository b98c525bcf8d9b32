import { PRIVACY_VERSION } from "~/domain/legal";
import { isPaymentUnderWay } from "~/domain/payment-under-way";
import { DEFAULT_LOCALE, toSupportedLocale, type Locale } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { priceForDuration } from "~/domain/pricing";
import { lockAgenda } from "~/models/agenda.server";
import { db, transactionRetryingDeadlocks } from "~/models/db.server";
import { hasConsent, recordConsent } from "~/models/profile.server";
import {
  countActiveHolds,
  findBookablePsychologist,
  findPatientAppointment,
  getPayer,
  insertHold,
  latestPaymentOfPatientAppointment,
  lockPatient,
  releaseExpiredHoldBatch,
  releaseExpiredHoldsOverlapping,
  releaseHold,
  setCheckout,
  type BookablePsychologist,
} from "~/models/booking.server";
import { paymentGateway, PaymentGatewayError, type PaymentGatewayErrorKind } from "~/providers/payments.server";
import { env } from "~/utils/env.server";
import { dateFormat } from "~/utils/format";
import { log } from "~/utils/logger.server";
import { zoneName } from "~/utils/zoned-time";
import { onAppointmentCancelled } from "./appointment-events.server";
import { isSlotFree, pricesOf } from "./availability.server";

/**
 * Booking's use cases: hold a slot and send the patient to pay (step 3),
 * resume paying a slot still held, and release holds that ran out (a job).
 * The database decides races: two holds of one slot cannot both be written
 * (exclusion constraints), so the loser is told the slot was taken.
 */

/** How long a new booking keeps its slot while the patient pays (DESIGN.md). */
export const HOLD_MINUTES = 30;
/** Unpaid holds one patient may keep at once: enough to compare, too few to block a psychologist's week. */
export const MAX_ACTIVE_HOLDS = 2;

export type HoldFailure =
  /** Unknown or not public. */
  | { ok: false; reason: "psychologist_not_found" }
  /** The patient's own account was deleted or blocked (e.g. deleted while this booking was on its way). */
  | { ok: false; reason: "account_unavailable" }
  /** Not among the free slots any more (or never was). */
  | { ok: false; reason: "slot_unavailable" }
  /** Another booking won the race for this slot (appointments_no_overlap). */
  | { ok: false; reason: "slot_taken" }
  /** The patient already holds an overlapping appointment (appointments_patient_no_overlap). */
  | { ok: false; reason: "patient_busy" }
  /** The patient already keeps MAX_ACTIVE_HOLDS unpaid holds. */
  | { ok: false; reason: "too_many_holds" }
  /** A first booking without the specific consent for health data (LGPD art. 11). */
  | { ok: false; reason: "health_consent_required" }
  /** The gateway failed; the hold was released. `kind` says how, when the gateway said. */
  | { ok: false; reason: "checkout_failed"; kind: PaymentGatewayErrorKind | null };

export type HoldResult = { ok: true; appointmentId: string; checkoutUrl: string } | HoldFailure;

export interface HoldRequest {
  patientId: string;
  psychologistId: string;
  startsAt: Date;
  durationMinutes: number;
  /** The patient ticked the consent for health data on this booking (needed until given once). */
  healthDataConsent?: boolean;
  /** The language of the page the patient books from, for the checkout's texts (else their profile's). */
  locale?: Locale;
  now?: Date;
}

function pgError(error: unknown): { code?: string; constraint?: string } {
  return typeof error === "object" && error !== null ? (error as { code?: string; constraint?: string }) : {};
}

/** Step 3's POST: re-check, hold, create the checkout. */
export async function holdSlotAndCheckout(request: HoldRequest): Promise<HoldResult> {
  const now = request.now ?? new Date();
  const psychologist = await findBookablePsychologist(request.psychologistId);
  if (!psychologist) return { ok: false, reason: "psychologist_not_found" };
  const consentMissing = !(await hasConsent(request.patientId, "health_data"));
  if (consentMissing && !request.healthDataConsent) return { ok: false, reason: "health_consent_required" };
  if (!(await isSlotFree(psychologist, { startsAt: request.startsAt, durationMinutes: request.durationMinutes, now }))) {
    return { ok: false, reason: "slot_unavailable" };
  }
  const endsAt = new Date(request.startsAt.getTime() + request.durationMinutes * 60_000);
  const priceCents = priceForDuration(pricesOf(psychologist), request.durationMinutes);

  let appointmentId: string | null;
  try {
    const held = await transactionRetryingDeadlocks(async (trx) => {
      // One hold of this psychologist's agenda at a time: two inserts of one slot at once would each wait
      // for the other under the exclusion constraint, and PostgreSQL would abort them as deadlocks (in a
      // crowd, one after another, a second each). In turn, the later one meets the winner's row: 23P01.
      await lockAgenda(trx, psychologist.id);
      // Still public under the lock: an account deletion that took it first has finished by now.
      if (!(await findBookablePsychologist(psychologist.id, trx))) return "psychologist_not_found" as const;
      // Then the patient's row, as the deletion takes it after the agenda: a deletion or block of this
      // account that got it first has committed by now and is seen here; one that comes later waits for
      // this hold, then finds it and refuses ('Você tem consultas agendadas'). Never an appointment of nobody.
      const patient = await lockPatient(trx, request.patientId);
      if (!patient || patient.deletedAt || patient.blockedAt) return "account_unavailable" as const;
      const released = await releaseExpiredHoldsOverlapping(trx, {
        psychologistId: psychologist.id,
        patientId: request.patientId,
        startsAt: request.startsAt,
        endsAt,
        now,
      });
      for (const id of released) await onAppointmentCancelled(trx, id);
      // Counted with the patient's row locked, so two parallel bookings cannot both pass.
      if ((await countActiveHolds(trx, request.patientId, now)) >= MAX_ACTIVE_HOLDS) return null;
      // Recorded with the hold it was given for: both or neither.
      if (consentMissing) await recordConsent(trx, { userId: request.patientId, consent: "health_data", version: PRIVACY_VERSION });
      return insertHold(trx, {
        patientId: request.patientId,
        psychologistId: psychologist.id,
        startsAt: request.startsAt,
        endsAt,
        durationMinutes: request.durationMinutes,
        priceCents,
        holdExpiresAt: new Date(now.getTime() + HOLD_MINUTES * 60_000),
      });
    });
    if (held === "psychologist_not_found" || held === "account_unavailable") return { ok: false, reason: held };
    appointmentId = held;
    if (appointmentId === null) return { ok: false, reason: "too_many_holds" };
  } catch (error) {
    const { code, constraint } = pgError(error);
    if (code === "23P01" && constraint === "appointments_no_overlap") return { ok: false, reason: "slot_taken" };
    if (code === "23P01" && constraint === "appointments_patient_no_overlap") return { ok: false, reason: "patient_busy" };
    throw error;
  }

  const checkout = await openCheckout({ appointmentId, patientId: request.patientId, locale: request.locale, psychologist, startsAt: request.startsAt, durationMinutes: request.durationMinutes, priceCents, holdExpiresAt: new Date(now.getTime() + HOLD_MINUTES * 60_000) });
  if (!checkout.ok) {
    await db.transaction().execute(async (trx) => {
      if (await releaseHold(trx, appointmentId, "checkout_failed", new Date())) await onAppointmentCancelled(trx, appointmentId);
    });
    return checkout;
  }
  return { ok: true, appointmentId, checkoutUrl: checkout.url };
}

interface CheckoutInput {
  appointmentId: string;
  patientId: string;
  locale?: Locale;
  psychologist: Pick<BookablePsychologist, "name" | "timeZone">;
  startsAt: Date;
  durationMinutes: number;
  priceCents: number;
  holdExpiresAt: Date;
}

/** The payer's name as the spec falls back: full name, first + last, 'Paciente' (in the patient's language). */
function payerName(profile: { firstName: string | null; lastName: string | null } | undefined, fallback: string): string {
  const full = [profile?.firstName?.trim(), profile?.lastName?.trim()].filter(Boolean).join(" ");
  return full || fallback;
}

/** Creates the gateway's checkout and stores it on the appointment. Never throws: a failure is a result. */
async function openCheckout(input: CheckoutInput): Promise<{ ok: true; url: string } | Extract<HoldFailure, { reason: "checkout_failed" }>> {
  const appUrl = env().APP_URL.replace(/\/+$/, "");
  const id = input.appointmentId;
  try {
    const payer = await getPayer(input.patientId);
    // The checkout page and the card statement show these to the patient: their language, their locale's date.
    const locale = input.locale ?? toSupportedLocale(payer?.locale) ?? DEFAULT_LOCALE;
    const t = getFixedT(locale, "booking");
    const when = dateFormat(locale, "checkout", input.psychologist.timeZone, { dateStyle: "short", timeStyle: "short", hourCycle: "h23" }).format(input.startsAt);
    const checkout = await paymentGateway().createCheckout({
      appointmentId: id,
      title: t("checkout.title", { minutes: input.durationMinutes, name: input.psychologist.name }),
      // The zone by its name in the patient's language ('Horário de Brasília'), as the e-mails say it, not its IANA id.
      description: `Acolhe — ${when} (${zoneName(input.startsAt, locale, input.psychologist.timeZone)})`,
      amountCents: input.priceCents,
      payer: { email: payer?.email ?? "", name: payerName(payer, t("checkout.payer")) },
      expiresAt: input.holdExpiresAt,
      backUrls: {
        success: `${appUrl}/appointment/success/${id}`,
        failure: `${appUrl}/payment/failure?appointment_id=${id}`,
        pending: `${appUrl}/payment/pending?appointment_id=${id}`,
      },
      notificationUrl: `${appUrl}/webhooks/mercadopago`,
    });
    if (!checkout.url) throw new PaymentGatewayError("no_checkout_url");
    await setCheckout(id, checkout);
    return { ok: true, url: checkout.url };
  } catch (error) {
    log().error({ err: error, appointmentId: id }, "checkout creation failed");
    return { ok: false, reason: "checkout_failed", kind: error instanceof PaymentGatewayError ? error.kind : null };
  }
}

export type ResumeResult =
  | { ok: true; checkoutUrl: string }
  | { ok: false; reason: "not_found" | "not_awaiting_payment" | "psychologist_not_found" | "payment_under_way" }
  | Extract<HoldFailure, { reason: "checkout_failed" }>;

/** 'Pagar' on a held appointment: back to its checkout while the hold lasts. Only the patient's own. */
export async function resumeCheckout(patientId: string, appointmentId: string, { now = new Date(), locale }: { now?: Date; locale?: Locale } = {}): Promise<ResumeResult> {
  const appointment = await findPatientAppointment(patientId, appointmentId);
  if (!appointment) return { ok: false, reason: "not_found" };
  if (appointment.status !== "pending_payment" || !appointment.holdExpiresAt || appointment.holdExpiresAt.getTime() <= now.getTime()) {
    return { ok: false, reason: "not_awaiting_payment" };
  }
  // A PIX or boleto the gateway still processes: a second checkout could charge the patient twice (the dashboard hides 'Pagar' then; a page opened before may still post).
  const latest = await latestPaymentOfPatientAppointment(patientId, appointmentId);
  if (isPaymentUnderWay(latest?.status)) return { ok: false, reason: "payment_under_way" };
  // No payment for a psychologist who left the directory meanwhile (suspended, or the account blocked): booking refuses them.
  const psychologist = await findBookablePsychologist(appointment.psychologistId);
  if (!psychologist) return { ok: false, reason: "psychologist_not_found" };
  if (appointment.checkoutUrl) return { ok: true, checkoutUrl: appointment.checkoutUrl };
  // The checkout was never stored (the gateway failed after the hold): open one now, for the time left.
  const checkout = await openCheckout({
    appointmentId,
    patientId,
    locale,
    psychologist,
    startsAt: appointment.startsAt,
    durationMinutes: appointment.durationMinutes,
    priceCents: appointment.priceCents,
    holdExpiresAt: appointment.holdExpiresAt,
  });
  return checkout.ok ? { ok: true, checkoutUrl: checkout.url } : checkout;
}

const RELEASE_BATCH = 200;
const MAX_BATCHES = 50;

/**
 * The job (every minute): holds past their expiry become cancelled by the
 * system. Idempotent, and safe with several workers (SKIP LOCKED batches).
 */
export async function releaseExpiredHolds(now = new Date()): Promise<number> {
  let released = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const ids = await db.transaction().execute(async (trx) => {
      const batchIds = await releaseExpiredHoldBatch(trx, now, RELEASE_BATCH);
      for (const id of batchIds) await onAppointmentCancelled(trx, id);
      return batchIds;
    });
    released += ids.length;
    if (ids.length < RELEASE_BATCH) break;
  }
  if (released > 0) log().info({ released }, "expired holds released");
  return released;
}
