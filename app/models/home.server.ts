import { sql } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import { db } from "./db.server";
import { CARD_COLUMNS, isPublic, type DirectoryCard } from "./directory.server";

/**
 * The home page's real data: the featured psychologists (the spec's
 * carousel) and the testimonials, each one bounded statement.
 */

/** The carousel shows at most 6 (spec, section 9). */
export const FEATURED_LIMIT = 6;
/** Testimonials shown on the home page. */
export const TESTIMONIAL_LIMIT = 3;

export interface FeaturedPsychologist extends DirectoryCard {
  /** The active psychologist_pricing row, if any (app/domain/pricing.ts applies the fallback). */
  pricing: { price30Cents: number; price60Cents: number } | null;
  /** The recurring weekly blocks (the weekly hours are their sum). */
  weeklyBlocks: Array<{ weekday: number; startTime: string; endTime: string }>;
}

/**
 * Public psychologists (approved and is_approved) marked featured_in_carousel
 * with at least one recurring weekly block; best rated first (no rating
 * last), then by id so the order is stable; at most 6.
 */
export async function listFeaturedPsychologists(): Promise<FeaturedPsychologist[]> {
  const rows = await db
    .selectFrom("psychologists as p")
    .leftJoin("psychologist_pricing as pr", (join) => join.onRef("pr.psychologist_id", "=", "p.id").on("pr.is_active", "=", true))
    .where(isPublic)
    .where("p.featured_in_carousel", "=", true)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("psychologist_availability as a")
          .whereRef("a.psychologist_id", "=", "p.id")
          .where("a.is_recurring", "=", true)
          .select(sql.lit(1).as("one")),
      ),
    )
    .select(CARD_COLUMNS)
    .select((eb) => [
      "pr.price_30_cents as price30Cents",
      "pr.price_60_cents as price60Cents",
      jsonArrayFrom(
        eb
          .selectFrom("psychologist_availability as a")
          .whereRef("a.psychologist_id", "=", "p.id")
          .where("a.is_recurring", "=", true)
          .select(["a.weekday", "a.start_time as startTime", "a.end_time as endTime"]),
      ).as("weeklyBlocks"),
    ])
    .orderBy(sql`p.rating desc nulls last`)
    .orderBy("p.id")
    .limit(FEATURED_LIMIT)
    .execute();
  return rows.map(({ price30Cents, price60Cents, ...row }) => ({
    ...row,
    pricing: price30Cents !== null && price60Cents !== null ? { price30Cents, price60Cents } : null,
  }));
}

export interface Testimonial {
  rating: number;
  comment: string;
  /** The patient's first initial when they did not ask to stay anonymous; null otherwise. */
  initial: string | null;
  psychologistName: string;
  createdAt: Date;
}

/**
 * Published evaluations (the patient agreed to publish) of 4 or 5 stars
 * with a comment, about public psychologists, newest first. Anonymised in
 * the query: at most the first letter of the patient's first name leaves
 * the database, and only when the patient did not ask to stay anonymous.
 */
export async function listTestimonials(limit = TESTIMONIAL_LIMIT): Promise<Testimonial[]> {
  return db
    .selectFrom("evaluations as e")
    .innerJoin("psychologists as p", "p.id", "e.psychologist_id")
    .leftJoin("profiles as pf", "pf.id", "e.patient_id")
    .where("e.publish_consent", "=", true)
    .where("e.rating", ">=", 4)
    .where(sql<boolean>`btrim(e.comment) <> ''`)
    .where(isPublic)
    .select([
      "e.rating",
      "e.comment",
      sql<string | null>`case when not e.is_anonymous and btrim(pf.first_name) <> '' then upper(left(btrim(pf.first_name), 1)) end`.as("initial"),
      "p.name as psychologistName",
      "e.created_at as createdAt",
    ])
    .orderBy("e.created_at", "desc")
    .orderBy("e.id")
    .limit(limit)
    .execute();
}
