import { sql } from "kysely";
import type { PsychologistStatus } from "#db/types";
import { db } from "./db.server";

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
    ])
    .executeTakeFirst();
}

export type ProfessionalProfileUpdate = Omit<ProfessionalProfile, "id" | "email" | "photoUrl" | "status" | "rating" | "totalReviews"> & { crp: string };

/** Why a save wrote nothing: no row for the user, a CRP another psychologist holds, or a database check refused a value. */
export type ProfileUpdateFailure = "not-found" | "crp-taken" | "invalid";

function pgError(error: unknown): { code?: string; constraint?: string } {
  return typeof error === "object" && error !== null ? (error as { code?: string; constraint?: string }) : {};
}

/**
 * Saves the editable fields of the user's own row, in one transaction: it
 * writes everything or nothing. The credentials the admin checked — the name
 * and the CRP — are the admin's to approve: changing either sends an
 * approved profile back to review (pending, out of the directory).
 */
export async function updateOwnProfessionalProfile(
  userId: string,
  values: ProfessionalProfileUpdate,
): Promise<{ ok: true; backToReview: boolean } | { ok: false; reason: ProfileUpdateFailure }> {
  try {
    return await db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom("psychologists").select(["status", "name", "crp"]).where("user_id", "=", userId).forUpdate().executeTakeFirst();
      if (!current) return { ok: false as const, reason: "not-found" as const };
      const backToReview = current.status === "approved" && (current.name !== values.name || current.crp !== values.crp);
      await trx
        .updateTable("psychologists")
        .set({
          ...(backToReview ? { status: "pending" as const, is_approved: false } : {}),
          name: values.name,
          crp: values.crp,
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

/**
 * The statistics card, from data: consultations done (completed appointments)
 * and active patients (distinct patients with a confirmed or completed
 * appointment starting in the last 90 days, or later).
 */
export async function getOwnProfileStatistics(userId: string): Promise<{ consultationsDone: number; activePatients: number }> {
  const row = await db
    .selectFrom("appointments")
    .innerJoin("psychologists", "psychologists.id", "appointments.psychologist_id")
    .where("psychologists.user_id", "=", userId)
    .select([
      sql<number>`count(*) filter (where appointments.status = 'completed')::int`.as("consultationsDone"),
      sql<number>`count(distinct appointments.patient_id) filter (
        where appointments.status in ('confirmed', 'completed')
        and appointments.starts_at >= now() - make_interval(days => ${ACTIVE_PATIENT_DAYS}))::int`.as("activePatients"),
    ])
    .executeTakeFirst();
  return { consultationsDone: row?.consultationsDone ?? 0, activePatients: row?.activePatients ?? 0 };
}
