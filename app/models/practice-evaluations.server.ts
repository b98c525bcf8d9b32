import { sql } from "kysely";
import { EVALUATIONS_PAGE_SIZE, ratingRange, type EvaluationFilter, type EvaluationSort } from "~/domain/practice-evaluations";
import { db } from "./db.server";

/**
 * The evaluations a psychologist received, for their own tab only. An
 * anonymous evaluation's author is never read out of the database: the name
 * columns come back null for it, so no page or file can leak it.
 */

/** Total, average and the count of each rating, in one statement. */
export async function evaluationStats({ psychologistId }: { psychologistId: string }) {
  const row = await db
    .selectFrom("evaluations as e")
    .where("e.psychologist_id", "=", psychologistId)
    .select([
      sql<number>`count(*)::int`.as("total"),
      sql<string | null>`round(avg(e.rating), 1)`.as("average"),
      sql<number>`count(*) filter (where e.rating = 5)::int`.as("r5"),
      sql<number>`count(*) filter (where e.rating = 4)::int`.as("r4"),
      sql<number>`count(*) filter (where e.rating = 3)::int`.as("r3"),
      sql<number>`count(*) filter (where e.rating = 2)::int`.as("r2"),
      sql<number>`count(*) filter (where e.rating = 1)::int`.as("r1"),
    ])
    .executeTakeFirstOrThrow();
  return {
    total: row.total,
    average: row.average === null ? null : Number(row.average),
    distribution: [5, 4, 3, 2, 1].map((rating) => ({ rating, count: row[`r${rating}` as "r5"] })),
  };
}

interface ListQuery {
  psychologistId: string;
  filter: EvaluationFilter;
  sort: EvaluationSort;
}

function filtered({ psychologistId, filter, sort }: ListQuery) {
  const [low, high] = ratingRange(filter);
  let query = db
    .selectFrom("evaluations as e")
    .leftJoin("profiles as pr", "pr.id", "e.patient_id")
    .where("e.psychologist_id", "=", psychologistId)
    .where("e.rating", ">=", low)
    .where("e.rating", "<=", high)
    .select([
      "e.id",
      "e.rating",
      "e.comment",
      "e.created_at as createdAt",
      "e.is_anonymous as anonymous",
      sql<string | null>`case when e.is_anonymous then null else pr.first_name end`.as("firstName"),
      sql<string | null>`case when e.is_anonymous then null else pr.last_name end`.as("lastName"),
    ]);
  if (sort === "highest") query = query.orderBy("e.rating", "desc");
  if (sort === "lowest") query = query.orderBy("e.rating", "asc");
  return query.orderBy("e.created_at", "desc").orderBy("e.id", "desc");
}

/** One page of the filtered list and the filtered total (a window count: one statement). */
export async function listEvaluations(query: ListQuery & { page: number }) {
  const rows = await filtered(query)
    .select(sql<number>`count(*) over ()::int`.as("matching"))
    .limit(EVALUATIONS_PAGE_SIZE)
    .offset((query.page - 1) * EVALUATIONS_PAGE_SIZE)
    .execute();
  // Past the last page the window count is lost with the rows: count on its own then.
  const total = rows[0]?.matching ?? (query.page > 1 ? await countEvaluations(query) : 0);
  return { total, rows };
}

async function countEvaluations({ psychologistId, filter }: ListQuery) {
  const [low, high] = ratingRange(filter);
  const row = await db
    .selectFrom("evaluations")
    .where("psychologist_id", "=", psychologistId)
    .where("rating", ">=", low)
    .where("rating", "<=", high)
    .select(sql<number>`count(*)::int`.as("total"))
    .executeTakeFirstOrThrow();
  return row.total;
}

/** Every evaluation the filter keeps, for the CSV (bounded: a practice's reviews, not a table scan). */
export function exportEvaluations(query: ListQuery) {
  return filtered(query).limit(50_000).execute();
}
