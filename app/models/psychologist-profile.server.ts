import { sql, type Transaction } from "kysely";
import type { Database, PsychologistStatus } from "#db/types";
import { missingForReview, type MissingField } from "~/domain/psychologist-review";
import { db } from "./db.server";
import { replaceActivePricing } from "./pricing.server";

/**
 * The professional profile as its owner sees and edits it ('Meu Perfil
 * Profissional'). Every query is keyed by the signed-in user's id, never by
 * a psychologist id from the request: a psychologist reaches only their own row.
 */

export interface ProfessionalProfile {
  id: string;
  name: string;
  email: string | null;
  crp: string | null;
  /** Eleven digits; only for receipts and the fiscal report, never public. */
  cpf: string | null;
  photoUrl: string | null;
  bio: string;
  shortBio: string;
  specialties: string[];
  languages: string[];
  priceCents: number;
  university: string;
  graduationYear: number | null;
  education: string;
  experience: string;
  approach: string;
  therapeuticApproach: string;
  certifications: string;
  personalStatement: string;
  pixKey: string | null;
  status: PsychologistStatus;
  rating: number | null;
  totalReviews: number;
  submittedForReviewAt: Date | null;
  /** The administrator's reason for the current status (a rejection or a suspension); null otherwise. */
  statusReason: string | null;
}

export function getOwnProfessionalProfile(userId: string): Promise<ProfessionalProfile | undefined> {
  return db
    .selectFrom("psychologists")
    .where("user_id", "=", userId)
    .select([
      "id",
      "name",
      "email",
      "crp",
      "cpf",
      "photo_url as photoUrl",
      "bio",
      "short_bio as shortBio",
      "specialties",
      "languages",
      "price_cents as priceCents",
      "university",
      "graduation_year as graduationYear",
      "education",
      "experience",
      "approach",
      "therapeutic_approach as therapeuticApproach",
      "certifications",
      "personal_statement as personalStatement",
      "pix_key as pixKey",
      "status",
      "rating",
      "total_reviews as totalReviews",
      "submitted_for_review_at as submittedForReviewAt",
      "status_reason as statusReason",
    ])
    .executeTakeFirst();
}

export type ProfessionalProfileUpdate = Omit<ProfessionalProfile, "id" | "email" | "photoUrl" | "status" | "rating" | "totalReviews" | "submittedForReviewAt" | "statusReason"> & {
  crp: string;
};

/** Why a save wrote nothing: no row for the user, a CRP another psychologist holds, or a database check refused a value. */
export type ProfileUpdateFailure = "not-found" | "crp-taken" | "invalid";

function pgError(error: unknown): { code?: string; constraint?: string } {
  return typeof error === "object" && error !== null ? (error as { code?: string; constraint?: string }) : {};
}

/**
 * Saves the editable fields of the user's own row, in one transaction: it
 * writes everything or nothing. The credentials the admin checked — the name
 * and the CRP — are the admin's to approve: changing either sends an
 * approved profile back to review (pending, out of the directory), and into
 * the admin's queue as sent now: there is nothing more for its owner to send.
 */
export async function updateOwnProfessionalProfile(
  userId: string,
  values: ProfessionalProfileUpdate,
): Promise<{ ok: true; backToReview: boolean } | { ok: false; reason: ProfileUpdateFailure }> {
  try {
    return await db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom("psychologists")
        .leftJoin("psychologist_pricing as pr", (join) => join.onRef("pr.psychologist_id", "=", "psychologists.id").on("pr.is_active", "=", true))
        .select(["psychologists.id", "status", "name", "crp", "pr.price_30_cents as price30Cents", "pr.price_60_cents as price60Cents"])
        .where("user_id", "=", userId)
        .forUpdate("psychologists")
        .executeTakeFirst();
      if (!current) return { ok: false as const, reason: "not-found" as const };
      const backToReview = current.status === "approved" && (current.name !== values.name || current.crp !== values.crp);
      await trx
        .updateTable("psychologists")
        .set({
          ...(backToReview ? { status: "pending" as const, is_approved: false, submitted_for_review_at: new Date() } : {}),
          name: values.name,
          crp: values.crp,
          cpf: values.cpf,
          bio: values.bio,
          short_bio: values.shortBio,
          specialties: values.specialties,
          languages: values.languages,
          price_cents: values.priceCents,
          university: values.university,
          graduation_year: values.graduationYear,
          education: values.education,
          experience: values.experience,
          approach: values.approach,
          therapeutic_approach: values.therapeuticApproach,
          certifications: values.certifications,
          personal_statement: values.personalStatement,
          pix_key: values.pixKey,
        })
        .where("user_id", "=", userId)
        .execute();
      // 'Valor da sessão' is the 60-minute price: with saved prices in force, a new one is saved as the active 60-minute price.
      if (current.price30Cents !== null && current.price60Cents !== values.priceCents) {
        await replaceActivePricing(trx, { psychologistId: current.id, price30Cents: current.price30Cents, price60Cents: values.priceCents });
      }
      return { ok: true as const, backToReview };
    });
  } catch (error) {
    const { code, constraint } = pgError(error);
    if (code === "23505" && constraint === "psychologists_crp_key") return { ok: false, reason: "crp-taken" };
    if (code === "23514" || code === "22001" || code === "22003") return { ok: false, reason: "invalid" };
    throw error;
  }
}

/** Days within which a patient with a confirmed or completed appointment counts as active. */
export const ACTIVE_PATIENT_DAYS = 90;

export interface ProfileStatistics {
  consultationsDone: number;
  activePatients: number;
  /** Null without any review: no average is shown rather than an invented one. */
  rating: number | null;
  totalReviews: number;
}

/**
 * The statistics card, from data, in one statement: consultations done
 * (completed appointments), active patients (distinct patients with a
 * confirmed or completed appointment starting in the last 90 days, or later),
 * and the rating the evaluations keep on the psychologist's row.
 * `psychologistId` is the signed-in psychologist's, never one from the request.
 */
export async function getProfileStatistics({ psychologistId }: { psychologistId: string }): Promise<ProfileStatistics | undefined> {
  return db
    .selectFrom("psychologists as p")
    .leftJoin("appointments as a", "a.psychologist_id", "p.id")
    .where("p.id", "=", psychologistId)
    .groupBy("p.id")
    .select([
      sql<number>`(count(a.id) filter (where a.status = 'completed'))::int`.as("consultationsDone"),
      sql<number>`(count(distinct a.patient_id) filter (
        where a.status in ('confirmed', 'completed')
        and a.starts_at >= now() - make_interval(days => ${ACTIVE_PATIENT_DAYS})))::int`.as("activePatients"),
      sql<number | null>`p.rating::float8`.as("rating"),
      "p.total_reviews as totalReviews",
    ])
    .executeTakeFirst();
}

/** Sets the user's own photo; returns the one it replaced (to remove its file) and the status (to purge public pages). */
export async function replaceOwnPhoto(userId: string, photoUrl: string): Promise<{ previous: string | null; status: PsychologistStatus } | null> {
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom("psychologists").select(["photo_url", "status"]).where("user_id", "=", userId).forUpdate().executeTakeFirst();
    if (!current) return null;
    await trx.updateTable("psychologists").set({ photo_url: photoUrl }).where("user_id", "=", userId).execute();
    return { previous: current.photo_url, status: current.status };
  });
}

export type ReviewSubmission =
  | { ok: true; sent: SentProfile }
  | { ok: false; reason: "not-found" | "not-pending" | "already-submitted" }
  | { ok: false; reason: "incomplete"; missing: MissingField[] };

/** What went to the admin's queue: `again` when a rejected profile was sent back. */
export interface SentProfile {
  psychologistId: string;
  name: string;
  crp: string;
  again: boolean;
}

/**
 * Sends the user's own pending profile to the admin's queue, once, and only
 * complete (what missingForReview asks); a rejected one, revised, may be sent
 * again and is pending once more. Checked and written under the row's lock
 * (in the caller's transaction), so a save in between cannot slip an
 * incomplete profile through.
 */
export async function submitOwnProfileForReview(trx: Transaction<Database>, userId: string, now = new Date()): Promise<ReviewSubmission> {
  const row = await trx
    .selectFrom("psychologists")
    .select(["id", "name", "status", "submitted_for_review_at as submittedAt", "crp", "bio", "specialties", "languages", "photo_url as photoUrl", "education"])
    .where("user_id", "=", userId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return { ok: false, reason: "not-found" };
  // A rejected profile, revised, may be sent again: it goes back to the admin's queue as pending.
  if (row.status !== "pending" && row.status !== "rejected") return { ok: false, reason: "not-pending" };
  if (row.status === "pending" && row.submittedAt) return { ok: false, reason: "already-submitted" };
  const missing = missingForReview(row);
  if (missing.length > 0) return { ok: false, reason: "incomplete", missing };
  const again = row.status === "rejected";
  await trx
    .updateTable("psychologists")
    .set(again ? { status: "pending", is_approved: false, submitted_for_review_at: now, status_reason: null, status_changed_at: now, status_changed_by: null } : { submitted_for_review_at: now })
    .where("id", "=", row.id)
    .execute();
  // The rejection's reason stays in the history the admin reads; sending again is the psychologist's own doing (no admin).
  if (again) await trx.insertInto("psychologist_status_history").values({ psychologist_id: row.id, from_status: "rejected", to_status: "pending", reason: null, changed_by: null, created_at: now }).execute();
  return { ok: true, sent: { psychologistId: row.id, name: row.name, crp: row.crp ?? "", again } };
}
