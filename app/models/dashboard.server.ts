import { sql } from "kysely";
import { db } from "./db.server";

/**
 * The figures the role dashboards open with. Each function answers in one
 * query and reads only what its caller may see.
 */

/** The signed-in psychologist's own row: name, review state and what review looks at. */
export function getOwnPsychologist(userId: string) {
  return db
    .selectFrom("psychologists")
    .select(["id", "name", "status", "status_reason as statusReason", "crp", "bio", "specialties", "languages", "photo_url as photoUrl", "education"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

export interface AdminFigures {
  users: number;
  appointmentsToday: number;
  monthlyRevenueCents: number;
  /** Average of all evaluations' ratings; null without any. */
  satisfaction: number | null;
  pendingPsychologists: number;
}

/** The admin's four cards (spec 02, 2.4), computed in Brasília's calendar. */
export async function getAdminFigures(now = new Date()): Promise<AdminFigures> {
  const zone = "America/Sao_Paulo";
  const row = await sql<{
    users: number;
    appointments_today: number;
    monthly_revenue_cents: number;
    rating_sum: number;
    total_reviews: number;
    pending_psychologists: number;
  }>`
    select
      (select count(*)::int from users where deleted_at is null) as users,
      (select count(*)::int from appointments
        where status in ('confirmed', 'completed', 'scheduled', 'pending_reschedule')
          and (starts_at at time zone ${zone})::date = (${now}::timestamptz at time zone ${zone})::date) as appointments_today,
      (select coalesce(sum(price_cents), 0)::int from appointments
        where payment_status = 'paid'
          and date_trunc('month', starts_at at time zone ${zone}) = date_trunc('month', ${now}::timestamptz at time zone ${zone})) as monthly_revenue_cents,
      (select coalesce(sum(rating_sum), 0)::int from psychologists) as rating_sum,
      (select coalesce(sum(total_reviews), 0)::int from psychologists) as total_reviews,
      (select count(*)::int from psychologists where status = 'pending') as pending_psychologists`.execute(db);
  const figures = row.rows[0]!;
  return {
    users: figures.users,
    appointmentsToday: figures.appointments_today,
    monthlyRevenueCents: figures.monthly_revenue_cents,
    satisfaction: figures.total_reviews > 0 ? Math.round((figures.rating_sum / figures.total_reviews) * 10) / 10 : null,
    pendingPsychologists: figures.pending_psychologists,
  };
}
