import { sql } from "kysely";
import { lockAgenda } from "~/models/agenda.server";
import { audit } from "~/models/audit.server";
import { revokeFeedsOfUser } from "~/models/calendar-feed.server";
import { db } from "~/models/db.server";
import { redactMailForUser, listMailForUser } from "~/models/mail.server";
import { consentHistory } from "~/models/profile.server";
import { deleteUserSessions } from "~/models/session.server";
import { findCredentialsById, getRecipient } from "~/models/user.server";
import { getFixedT } from "~/i18n/i18n.server";
import { removeFile } from "~/providers/storage.server";
import { verifyPassword } from "~/utils/password.server";
import { currentPasswordLimit } from "~/domain/auth-limits";
import { AccountError } from "./accounts.server";
import { accountDeletedEmail, recipientLocale } from "./emails.server";
import { queueMail } from "./mail.server";
import { countAttempt } from "./throttle.server";

/**
 * The LGPD rights of section 18 that the settings page serves: access (a
 * download of everything held) and deletion (personal data removed or
 * anonymised; what the law makes us keep is kept, and said so).
 */

/** Statuses that hold a future slot: an account with one cannot be deleted until it is cancelled. */
const SLOT_HOLDING = ["pending_payment", "pending", "scheduled", "confirmed", "pending_reschedule"] as const;

/**
 * Everything the platform holds about a person, as one JSON document. Every
 * table with a column pointing at the user appears here (a test checks it).
 */
export async function exportUserData(userId: string) {
  const [account, profile, psychologist, consents, sessions, appointmentsAsPatient, evaluations, emails, reviewDecisions, records, recordRequests, notesWritten, recordReleases, blockings, refundsMade] = await Promise.all([
    db.selectFrom("users").select(["id", "email", "email_verified_at", "created_at", sql<boolean>`google_sub is not null`.as("google_linked")]).where("id", "=", userId).executeTakeFirst(),
    db.selectFrom("profiles").selectAll().where("id", "=", userId).executeTakeFirst(),
    db.selectFrom("psychologists").selectAll().where("user_id", "=", userId).executeTakeFirst(),
    consentHistory(userId),
    db.selectFrom("sessions").select(["created_at", "expires_at", "user_agent"]).where("user_id", "=", userId).execute(),
    db
      .selectFrom("appointments")
      .innerJoin("psychologists", "psychologists.id", "appointments.psychologist_id")
      .select([
        "appointments.id",
        "appointments.starts_at",
        "appointments.duration_minutes",
        "appointments.status",
        "appointments.payment_status",
        "appointments.price_cents",
        "appointments.created_at",
        "appointments.cancellation_reason",
        "psychologists.name as psychologist_name",
      ])
      .where("appointments.patient_id", "=", userId)
      .orderBy("appointments.starts_at")
      .execute(),
    db
      .selectFrom("evaluations")
      .innerJoin("psychologists", "psychologists.id", "evaluations.psychologist_id")
      .select([
        "evaluations.id",
        "evaluations.appointment_id",
        "evaluations.rating",
        "evaluations.comment",
        "evaluations.is_anonymous",
        "evaluations.publish_consent",
        "evaluations.created_at",
        "psychologists.name as psychologist_name",
      ])
      .where("evaluations.patient_id", "=", userId)
      .orderBy("evaluations.created_at")
      .execute(),
    listMailForUser(userId),
    // An admin's decisions on psychologists carry their id.
    db
      .selectFrom("psychologist_status_history")
      .select(["psychologist_id", "from_status", "to_status", "reason", "created_at"])
      .where("changed_by", "=", userId)
      .orderBy("created_at")
      .execute(),
    // The clinical record about the person: which consultations have one, by whom and when. Its text is
    // released by the psychologist who keeps it (Res. CFP 001/2009) through 'Solicitar cópia do prontuário'.
    db
      .selectFrom("clinical_notes as n")
      .innerJoin("psychologists as ps", "ps.id", "n.psychologist_id")
      .innerJoin("appointments as a", "a.id", "n.appointment_id")
      .select(["n.appointment_id", "a.starts_at as consultation_starts_at", "ps.name as psychologist_name", "n.version as versions", "n.created_at", "n.updated_at", "n.retain_until"])
      .where("n.patient_id", "=", userId)
      .orderBy("a.starts_at")
      .execute(),
    db
      .selectFrom("record_requests as r")
      .innerJoin("psychologists as ps", "ps.id", "r.psychologist_id")
      .select(["r.id", "ps.name as psychologist_name", "r.status", "r.requested_at", "r.released_at"])
      .where("r.patient_id", "=", userId)
      .orderBy("r.requested_at")
      .execute(),
    // A psychologist's own writing: which notes and versions they wrote, not what (the text belongs to the patients' records).
    db.selectFrom("clinical_note_versions").select(["note_id", "version", "created_at"]).where("written_by", "=", userId).orderBy("created_at").execute(),
    db.selectFrom("record_requests").select(["id", "released_at"]).where("released_by", "=", userId).orderBy("released_at").execute(),
    // An administrator's blocking decisions carry their id.
    db.selectFrom("users").select(["id as user_id", "blocked_at", "blocked_reason"]).where("blocked_by", "=", userId).orderBy("blocked_at").execute(),
    // And their manual refunds.
    db.selectFrom("manual_refunds").select(["id", "payment_id", "cents", "reason", "status", "created_at"]).where("requested_by", "=", userId).orderBy("created_at").execute(),
  ]);
  // The download's sentences in the account's own language, as its e-mails are.
  const t = getFixedT(recipientLocale(profile?.locale), "settings");
  return {
    exported_at: new Date().toISOString(),
    account,
    profile,
    psychologist: psychologist ?? null,
    consents,
    sessions,
    appointments: appointmentsAsPatient,
    evaluations,
    emails,
    review_decisions: reviewDecisions,
    clinical_records: {
      notes: records,
      copy_requests: recordRequests,
      how_to_get_a_copy: t("export.howToGetACopy"),
    },
    notes_written: notesWritten,
    record_releases: recordReleases,
    account_blocks: blockings,
    refunds_made: refundsMade,
    login_failures: t("export.loginFailures"),
  };
}

/** The tables exportUserData covers, by the column that points at the user (kept in step by a test). */
export const EXPORTED_USER_COLUMNS = [
  "users.id",
  "profiles.id",
  "psychologists.user_id",
  "psychologists.status_changed_by",
  "psychologist_status_history.changed_by",
  "consent_log.user_id",
  "sessions.user_id",
  "appointments.patient_id",
  "evaluations.patient_id",
  "mail_outbox.user_id",
  "clinical_notes.patient_id",
  "record_requests.patient_id",
  "clinical_note_versions.written_by",
  "record_requests.released_by",
  "users.blocked_by",
  "manual_refunds.requested_by",
  // One-time links are secrets, not data about the person; they are deleted with the account.
  "auth_tokens.user_id",
];

/**
 * Deletes an account: confirmed with the password (or, for a Google-only
 * account, the e-mail typed back). Personal data is erased or anonymised and
 * every session ends; the clinical records (Lei 13.787/2018: 20 years) and
 * the payment records tax law requires stay, tied to an anonymous account.
 */
export async function deleteAccount(userId: string, confirmation: { password?: string; email?: string }): Promise<void> {
  const account = await findCredentialsById(userId);
  if (!account) throw new AccountError("errors.accountNotFound", 404);
  // A password typed here is guessed against the same budget as the password change's (currentPasswordLimit).
  const attempt = account.passwordHash ? await countAttempt([currentPasswordLimit(userId)]) : null;
  if (attempt?.over) throw new AccountError("errors.passwordChangeTooMany", 429);
  const confirmed = account.passwordHash
    ? Boolean(confirmation.password) && (await verifyPassword(confirmation.password!, account.passwordHash))
    : confirmation.email?.trim().toLowerCase() === account.email.toLowerCase();
  if (!confirmed) throw new AccountError("errors.deleteConfirmationWrong", 400);
  await attempt?.forgive();

  const photos = await db.transaction().execute(async (trx) => {
    // The locks a booking takes, in its order (ADR 010: the agenda, then the patient's row): with them
    // held, no booking lands between the check below and the deletion, leaving a consultation with nobody.
    if (account.psychologistId) await lockAgenda(trx, account.psychologistId);
    await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().executeTakeFirst();
    const upcoming = await trx
      .selectFrom("appointments")
      .leftJoin("psychologists", "psychologists.id", "appointments.psychologist_id")
      .select("appointments.id")
      .where((eb) => eb.or([eb("appointments.patient_id", "=", userId), eb("psychologists.user_id", "=", userId)]))
      .where("appointments.status", "in", SLOT_HOLDING)
      .where("appointments.ends_at", ">", new Date())
      .executeTakeFirst();
    if (upcoming) throw new AccountError("errors.upcomingAppointments", 409);
    const recipient = await getRecipient(userId, trx);
    const profile = await trx.selectFrom("profiles").select("avatar_url").where("id", "=", userId).executeTakeFirst();
    const psychologist = await trx.selectFrom("psychologists").select("photo_url").where("user_id", "=", userId).executeTakeFirst();
    await redactMailForUser(userId, trx);
    await trx
      .updateTable("users")
      .set({ email: `removido-${userId}@conta-excluida.invalid`, password_hash: null, google_sub: null, email_verified_at: null, deleted_at: new Date() })
      .where("id", "=", userId)
      .execute();
    await trx
      .updateTable("profiles")
      .set({ first_name: "", last_name: "", phone: null, cpf: null, avatar_url: null, time_zone: null, email_notifications: false, sms_notifications: false, appointment_reminders: false })
      .where("id", "=", userId)
      .execute();
    // A psychologist leaves the directory; name and CRP stay, as the records they signed must say who signed them.
    await trx
      .updateTable("psychologists")
      .set({ status: "suspended", is_approved: false, featured_in_carousel: false, email: null, photo_url: null, pix_key: null, bio: "", short_bio: "", personal_statement: "" })
      .where("user_id", "=", userId)
      .execute();
    // Evaluations stay (they feed the psychologist's rating), no longer tied to the person.
    await trx.updateTable("evaluations").set({ patient_id: null }).where("patient_id", "=", userId).execute();
    await trx.deleteFrom("auth_tokens").where("user_id", "=", userId).execute();
    await deleteUserSessions(userId, {}, trx);
    await revokeFeedsOfUser(trx, userId);
    // The data-subject request log: the platform can show when it answered (LGPD art. 18).
    await audit({ actor: { userId, role: account.psychologistId ? "psychologist" : "patient" }, action: "user.delete", subject: { type: "user", id: userId } }, trx);
    if (recipient) {
      // Sent to the address that was just erased, so not linked to the account.
      await queueMail(trx, { userId: null, to: recipient.email, ...accountDeletedEmail(recipientLocale(recipient.locale), { name: recipient.firstName ?? "" }) });
    }
    return [profile?.avatar_url ?? null, psychologist?.photo_url ?? null];
  });
  // The account's avatar and a psychologist's public photo: both are the person's image.
  for (const photo of photos) await removeFile(photo);
}
