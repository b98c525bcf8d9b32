import { sql } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import type { SharePlatform } from "#db/types";
import { SLOT_HOLDING_STATUSES } from "~/domain/appointment-status";
import { db } from "./db.server";
import { isPublic } from "./directory.server";

/**
 * A psychologist's public profile (/psychologists/{id}, /psychologist/{id})
 * and the full one (/psychologist-details/{id}). Only approved
 * psychologists are found; anyone else is "not found", whatever the reason.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

export interface PublicProfile {
  id: string;
  name: string;
  crp: string | null;
  photoUrl: string | null;
  bio: string;
  shortBio: string;
  specialties: string[];
  languages: string[];
  priceCents: number;
  rating: number | null;
  totalReviews: number;
  education: string;
  university: string;
  graduationYear: number | null;
  timeZone: string;
  /** The active psychologist_pricing row, if any (app/domain/pricing.ts applies the fallback). */
  pricing: { price30Cents: number; price60Cents: number } | null;
}

export interface PublicProfileDetails extends PublicProfile {
  experience: string;
  approach: string;
  therapeuticApproach: string;
  certifications: string;
  personalStatement: string;
  weeklyBlocks: Array<{ weekday: number; startTime: string; endTime: string }>;
  datedBlocks: Array<{ date: string; startTime: string; endTime: string }>;
  /** Days off ('yyyy-MM-dd', practice's zone) over the same days as the dated blocks. */
  daysOff: string[];
  busy: Array<{ startsAt: Date; endsAt: Date }>;
  /** Evaluations per star, 1 to 5 (all of them: counts only). */
  ratingCounts: Record<1 | 2 | 3 | 4 | 5, number>;
  /** Evaluations the patient agreed to publish, newest first, anonymous. */
  reviews: Array<{ rating: number; comment: string; createdAt: Date }>;
}

function profileQuery(id: string) {
  return db
    .selectFrom("psychologists as p")
    .leftJoin("psychologist_pricing as pr", (join) => join.onRef("pr.psychologist_id", "=", "p.id").on("pr.is_active", "=", true))
    .where("p.id", "=", id)
    .where(isPublic)
    .select([
      "p.id",
      "p.name",
      "p.crp",
      "p.photo_url as photoUrl",
      "p.bio",
      "p.short_bio as shortBio",
      "p.specialties",
      "p.languages",
      "p.price_cents as priceCents",
      "p.rating",
      "p.total_reviews as totalReviews",
      "p.education",
      "p.university",
      "p.graduation_year as graduationYear",
      "p.time_zone as timeZone",
      "pr.price_30_cents as price30Cents",
      "pr.price_60_cents as price60Cents",
    ]);
}

function toProfile<T extends { price30Cents: number | null; price60Cents: number | null }>(row: T) {
  const { price30Cents, price60Cents, ...rest } = row;
  return {
    ...rest,
    pricing: price30Cents !== null && price60Cents !== null ? { price30Cents, price60Cents } : null,
  };
}

/** The profile the modal and /psychologist/{id} show; one statement. */
export async function getPublicProfile(id: string): Promise<PublicProfile | null> {
  if (!isUuid(id)) return null;
  const row = await profileQuery(id).executeTakeFirst();
  return row ? toProfile(row) : null;
}

/** How many days ahead the full profile looks for free slots. */
export const DETAILS_HORIZON_DAYS = 14;

/** The full profile with its agenda, rating distribution and published reviews; one statement. */
export async function getPublicProfileDetails(id: string, now: Date): Promise<PublicProfileDetails | null> {
  if (!isUuid(id)) return null;
  const horizon = new Date(now.getTime() + (DETAILS_HORIZON_DAYS + 1) * 24 * 60 * 60_000);
  const row = await profileQuery(id)
    .select((eb) => [
      "p.experience",
      "p.approach",
      "p.therapeutic_approach as therapeuticApproach",
      "p.certifications",
      "p.personal_statement as personalStatement",
      jsonArrayFrom(
        eb
          .selectFrom("psychologist_availability as a")
          .whereRef("a.psychologist_id", "=", "p.id")
          .where("a.is_recurring", "=", true)
          .select(["a.weekday", "a.start_time as startTime", "a.end_time as endTime"])
          .orderBy("a.weekday")
          .orderBy("a.start_time"),
      ).as("weeklyBlocks"),
      jsonArrayFrom(
        eb
          .selectFrom("psychologist_schedule as s")
          .whereRef("s.psychologist_id", "=", "p.id")
          .where("s.is_active", "=", true)
          .where(sql<boolean>`s.date between (${now}::timestamptz at time zone p.time_zone)::date - 1
                                         and (${horizon}::timestamptz at time zone p.time_zone)::date`)
          .select(["s.date", "s.start_time as startTime", "s.end_time as endTime"])
          .orderBy("s.date")
          .orderBy("s.start_time"),
      ).as("datedBlocks"),
      // Days off over the same days: the weekly blocks do not count on them (ADR 031).
      sql<string[]>`array(
        select o.day::text from psychologist_days_off o
        where o.psychologist_id = p.id
          and o.day between (${now}::timestamptz at time zone p.time_zone)::date - 1
                        and (${horizon}::timestamptz at time zone p.time_zone)::date
        order by o.day)`.as("daysOff"),
      jsonArrayFrom(
        eb
          .selectFrom("appointments as ap")
          .whereRef("ap.psychologist_id", "=", "p.id")
          .where("ap.status", "in", SLOT_HOLDING_STATUSES)
          .where("ap.ends_at", ">", now)
          .where("ap.starts_at", "<", horizon)
          .select(["ap.starts_at as startsAt", "ap.ends_at as endsAt"])
          .orderBy("ap.starts_at"),
      ).as("busy"),
      jsonArrayFrom(
        eb
          .selectFrom("evaluations as e")
          .whereRef("e.psychologist_id", "=", "p.id")
          .select(["e.rating", sql<number>`count(*)::int`.as("count")])
          .groupBy("e.rating"),
      ).as("ratingCounts"),
      jsonArrayFrom(
        eb
          .selectFrom("evaluations as e")
          .whereRef("e.psychologist_id", "=", "p.id")
          .where("e.publish_consent", "=", true)
          .select(["e.rating", "e.comment", "e.created_at as createdAt"])
          .orderBy("e.created_at", "desc")
          .orderBy("e.id")
          .limit(10),
      ).as("reviews"),
    ])
    .executeTakeFirst();
  if (!row) return null;
  const ratingCounts = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const { rating, count } of row.ratingCounts) ratingCounts[rating as 1 | 2 | 3 | 4 | 5] = count;
  return {
    ...toProfile(row),
    // JSON carries times as 'HH:MM:SS' and instants as ISO strings.
    weeklyBlocks: row.weeklyBlocks,
    datedBlocks: row.datedBlocks.map((block) => ({ ...block, date: String(block.date) })),
    daysOff: row.daysOff,
    busy: row.busy.map((interval) => ({ startsAt: new Date(interval.startsAt), endsAt: new Date(interval.endsAt) })),
    ratingCounts,
    reviews: row.reviews.map((review) => ({ rating: review.rating, comment: review.comment, createdAt: new Date(review.createdAt) })),
  };
}

/** Of the given ids, those of public psychologists (analytics keeps no other). */
export async function filterPublicIds(ids: readonly string[]): Promise<Set<string>> {
  const valid = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
  if (valid.length === 0) return new Set();
  const rows = await db.selectFrom("psychologists as p").where("p.id", "in", valid).where(isPublic).select("p.id").execute();
  return new Set(rows.map((row) => row.id));
}

/** Records a share of a public profile; false when the psychologist is not public. One statement. */
export async function recordShare(psychologistId: string, platform: SharePlatform): Promise<boolean> {
  if (!isUuid(psychologistId)) return false;
  const result = await db
    .insertInto("share_events")
    .columns(["psychologist_id", "platform"])
    .expression((eb) =>
      eb
        .selectFrom("psychologists as p")
        .where("p.id", "=", psychologistId)
        .where(isPublic)
        .select(["p.id", sql<SharePlatform>`${platform}`.as("platform")]),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
