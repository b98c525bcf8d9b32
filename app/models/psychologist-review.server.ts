import { sql, type Transaction } from "kysely";
import type { Database, PsychologistStatus } from "#db/types";
import { SLOT_HOLDING_STATUSES } from "~/domain/appointment-status";
import { db } from "./db.server";

/** The admin's approval queue: psychologists by status, one psychologist in full, and the status change itself. */

export const REVIEW_PAGE_SIZE = 50;

/**
 * The queue's "in review" are the pending profiles their owner sent for
 * review (submitted_for_review_at, set only on a complete profile); a
 * psychologist still filling the profile in is not waiting for the admin.
 */
const inQueue = sql<boolean>`(status <> 'pending' or submitted_for_review_at is not null)`;

/** How many psychologists are in each status (one statement); pending ones only once sent for review. */
export async function countByStatus(): Promise<Record<PsychologistStatus, number>> {
  const rows = await db.selectFrom("psychologists").where(inQueue).groupBy("status").select(["status", (eb) => eb.fn.countAll<number>().as("count")]).execute();
  const counts: Record<PsychologistStatus, number> = { pending: 0, approved: 0, rejected: 0, suspended: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

/** When a profile reached the queue: sent for review by its owner, or (never sent) signed up. */
const submittedAt = sql<Date>`coalesce(p.submitted_for_review_at, p.created_at)`;

/** One page of a status, oldest submission first (the queue's order; index psychologists_status_submitted_idx); pending: sent for review only. */
export function listByStatus(status: PsychologistStatus, page: number) {
  return db
    .selectFrom("psychologists as p")
    .leftJoin("users as u", "u.id", "p.user_id")
    .where("p.status", "=", status)
    .$if(status === "pending", (query) => query.where("p.submitted_for_review_at", "is not", null))
    .select(["p.id", "p.name", "p.crp", sql<string>`coalesce(u.email, p.email)`.as("email"), submittedAt.as("submittedAt"), "p.status_changed_at as changedAt"])
    .orderBy(submittedAt)
    .orderBy("p.id")
    .limit(REVIEW_PAGE_SIZE)
    .offset((page - 1) * REVIEW_PAGE_SIZE)
    .execute();
}

/** Everything of a profile, published or not, as the admin reviews it. */
export function getPsychologistForReview(id: string) {
  return db
    .selectFrom("psychologists as p")
    .leftJoin("users as u", "u.id", "p.user_id")
    .leftJoin("profiles as changer", "changer.id", "p.status_changed_by")
    .where("p.id", "=", id)
    .select([
      "p.id",
      "p.name",
      "p.crp",
      sql<string>`coalesce(u.email, p.email)`.as("email"),
      "p.status",
      "p.status_reason as statusReason",
      "p.status_changed_at as statusChangedAt",
      sql<string | null>`nullif(trim(concat_ws(' ', changer.first_name, changer.last_name)), '')`.as("statusChangedBy"),
      "p.bio",
      "p.short_bio as shortBio",
      "p.specialties",
      "p.languages",
      "p.university",
      "p.graduation_year as graduationYear",
      "p.education",
      "p.experience",
      "p.approach",
      "p.certifications",
      "p.personal_statement as personalStatement",
      "p.photo_url as photoUrl",
      "p.price_cents as priceCents",
      "p.featured_in_carousel as featured",
      submittedAt.as("submittedAt"),
      sql<boolean>`u.deleted_at is not null`.as("accountDeleted"),
    ])
    .executeTakeFirst();
}

/** The psychologist's appointments still to come that hold a slot: what a suspension leaves behind. */
export function futureAppointmentsOf(psychologistId: string, now = new Date()) {
  return db
    .selectFrom("appointments as a")
    .leftJoin("profiles as pr", "pr.id", "a.patient_id")
    .where("a.psychologist_id", "=", psychologistId)
    .where("a.starts_at", ">", now)
    .where("a.status", "in", SLOT_HOLDING_STATUSES)
    .select(["a.id", "a.starts_at as startsAt", "a.status", "pr.first_name as patientFirstName"])
    .orderBy("a.starts_at")
    .limit(200)
    .execute();
}

export function statusHistoryOf(psychologistId: string) {
  return db
    .selectFrom("psychologist_status_history as h")
    .leftJoin("profiles as pr", "pr.id", "h.changed_by")
    .where("h.psychologist_id", "=", psychologistId)
    .select(["h.from_status as from", "h.to_status as to", "h.reason", "h.created_at as at", sql<string | null>`pr.first_name`.as("by")])
    .orderBy("h.created_at", "desc")
    .orderBy("h.id", "desc")
    .limit(50)
    .execute();
}

/** The row, locked for the rest of the transaction. */
export function lockPsychologist(trx: Transaction<Database>, id: string) {
  return trx
    .selectFrom("psychologists")
    .select(["id", "status", "user_id as userId", "name", "email"])
    // What missingForReview reads: an approval needs the profile complete.
    .select(["crp", "bio", "specialties", "languages", "photo_url as photoUrl", "education"])
    // A deleted account's profile stays (its records name who signed them) but never comes back to the directory.
    .select(sql<boolean>`exists (select 1 from users where users.id = psychologists.user_id and users.deleted_at is not null)`.as("accountDeleted"))
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

export async function writeStatusChange(
  trx: Transaction<Database>,
  change: { psychologistId: string; from: PsychologistStatus; to: PsychologistStatus; reason: string | null; adminId: string; now: Date },
) {
  await trx
    .updateTable("psychologists")
    .set({
      status: change.to,
      is_approved: change.to === "approved",
      ...(change.to === "approved" ? { approved_at: change.now } : {}),
      status_reason: change.reason,
      status_changed_at: change.now,
      status_changed_by: change.adminId,
    })
    .where("id", "=", change.psychologistId)
    .execute();
  await trx
    .insertInto("psychologist_status_history")
    .values({ psychologist_id: change.psychologistId, from_status: change.from, to_status: change.to, reason: change.reason, changed_by: change.adminId, created_at: change.now })
    .execute();
}

/** Shows or hides an approved psychologist in the home page's carousel; false when there is no approved psychologist with that id. */
export async function setFeatured(trx: Transaction<Database>, psychologistId: string, featured: boolean): Promise<boolean> {
  const row = await trx.updateTable("psychologists").set({ featured_in_carousel: featured }).where("id", "=", psychologistId).where("status", "=", "approved").returning("id").executeTakeFirst();
  return row !== undefined;
}
