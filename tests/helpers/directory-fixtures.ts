import { sql } from "kysely";
import type { AppointmentStatus, PsychologistStatus } from "#db/types";
import { db } from "~/models/db.server";

/** Psychologists, agendas, appointments and evaluations for the public pages' tests, written straight to the database. */

let sequence = 0;

export interface PsychologistFixture {
  name?: string;
  status?: PsychologistStatus;
  specialties?: string[];
  languages?: string[];
  /** Reais, may have centavos (150.01). */
  price?: number;
  /** [sum, count] of ratings. */
  ratings?: [number, number];
  timeZone?: string;
  crp?: string | null;
  shortBio?: string;
  /** [weekday, 'HH:MM', 'HH:MM'] weekly blocks. */
  weekly?: Array<[number, string, string]>;
  /** ['yyyy-MM-dd', 'HH:MM', 'HH:MM'] dated blocks. */
  dated?: Array<[string, string, string]>;
  /** 'yyyy-MM-dd' days off: the weekly blocks do not count on them (ADR 031). */
  daysOff?: string[];
  pricing?: [number, number];
}

export async function createPsychologist(fixture: PsychologistFixture = {}): Promise<string> {
  sequence += 1;
  const status = fixture.status ?? "approved";
  const row = await db
    .insertInto("psychologists")
    .values({
      name: fixture.name ?? `Psicóloga ${sequence}`,
      status,
      is_approved: status === "approved",
      specialties: fixture.specialties ?? ["anxiety"],
      languages: fixture.languages ?? ["pt"],
      price_cents: Math.round((fixture.price ?? 150) * 100),
      rating_sum: fixture.ratings?.[0] ?? 0,
      total_reviews: fixture.ratings?.[1] ?? 0,
      time_zone: fixture.timeZone ?? "America/Sao_Paulo",
      crp: fixture.crp === undefined ? null : fixture.crp,
      short_bio: fixture.shortBio ?? "",
      bio: "Bio completa.",
      education: "Psicologia — USP",
      approach: "TCC",
      certifications: "CRP ativo",
      experience: "10 anos",
      personal_statement: "Acolhimento.",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (fixture.weekly?.length) {
    await db
      .insertInto("psychologist_availability")
      .values(fixture.weekly.map(([weekday, start_time, end_time]) => ({ psychologist_id: row.id, weekday, start_time, end_time })))
      .execute();
  }
  if (fixture.dated?.length) {
    await db
      .insertInto("psychologist_schedule")
      .values(fixture.dated.map(([date, start_time, end_time]) => ({ psychologist_id: row.id, date, start_time, end_time })))
      .execute();
  }
  if (fixture.daysOff?.length) {
    await db
      .insertInto("psychologist_days_off")
      .values(fixture.daysOff.map((day) => ({ psychologist_id: row.id, day })))
      .execute();
  }
  if (fixture.pricing) {
    await db
      .insertInto("psychologist_pricing")
      .values({ psychologist_id: row.id, price_30_cents: fixture.pricing[0] * 100, price_60_cents: fixture.pricing[1] * 100 })
      .execute();
  }
  return row.id;
}

let patientSequence = 0;
export async function createPatient(): Promise<string> {
  patientSequence += 1;
  const user = await db
    .insertInto("users")
    .values({ email: `paciente-${patientSequence}-${Date.now().toString(36)}@exemplo.test` })
    .returning("id")
    .executeTakeFirstOrThrow();
  return user.id;
}

export async function createAppointment(psychologistId: string, startsAt: string, minutes: number, status: AppointmentStatus = "confirmed", patientId?: string) {
  const start = new Date(startsAt);
  return db
    .insertInto("appointments")
    .values({
      patient_id: patientId ?? (await createPatient()),
      psychologist_id: psychologistId,
      starts_at: start,
      ends_at: new Date(start.getTime() + minutes * 60_000),
      duration_minutes: minutes,
      price_cents: 15000,
      status,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
}

/** A completed past consultation and its evaluation (the trigger updates the rating). */
export async function createEvaluation(psychologistId: string, rating: number, options: { publish?: boolean; comment?: string; startsAt?: string } = {}) {
  const patientId = await createPatient();
  const startsAt = options.startsAt ?? "2025-01-06T13:00:00Z";
  const appointment = await createAppointment(psychologistId, startsAt, 50, "completed", patientId);
  await db
    .insertInto("evaluations")
    .values({
      appointment_id: appointment.id,
      psychologist_id: psychologistId,
      patient_id: patientId,
      rating,
      comment: options.comment ?? "",
      publish_consent: options.publish ?? false,
      created_at: new Date(new Date(startsAt).getTime() + 24 * 60 * 60_000),
    })
    .execute();
}

/**
 * Many approved psychologists at once (generate_series), each with weekly
 * blocks every day from 08:00 to 20:00, varied prices, specialties,
 * languages and ratings.
 */
export async function bulkPsychologists(from: number, to: number) {
  await sql`
    insert into psychologists (name, status, is_approved, specialties, languages, price_cents, rating_sum, total_reviews, short_bio)
    select 'Profissional ' || lpad(g::text, 5, '0'), 'approved', true,
           array[(array['anxiety', 'depression', 'grief', 'adhd'])[1 + g % 4], 'stress-burnout'],
           array['pt', (array['en', 'es', 'fr'])[1 + g % 3]],
           8000 + (g % 40) * 1000,
           (g % 9) * (3 + g % 3), g % 9,
           'Atendimento online.'
    from generate_series(${from}::int, ${to}::int) as g`.execute(db);
  await sql`
    insert into psychologist_availability (psychologist_id, weekday, start_time, end_time)
    select p.id, d, '08:00', '20:00'
    from psychologists p cross join generate_series(0, 6) as d
    where p.name like 'Profissional %'
      and not exists (select 1 from psychologist_availability a where a.psychologist_id = p.id)`.execute(db);
}

/** A statement as sent: its text and bound values. */
export interface CompiledStatement {
  sql: string;
  parameters: readonly unknown[];
}

/** Counts the SQL statements Kysely sends while `run` runs. */
export async function countStatements<T>(run: () => Promise<T>): Promise<{ result: T; count: number; statements: string[]; queries: CompiledStatement[] }> {
  const executor = db.getExecutor() as unknown as object;
  let owner: Record<string, unknown> | null = Object.getPrototypeOf(executor) as Record<string, unknown> | null;
  while (owner && !Object.prototype.hasOwnProperty.call(owner, "executeQuery")) owner = Object.getPrototypeOf(owner) as Record<string, unknown> | null;
  if (!owner) throw new Error("Kysely's executeQuery not found");
  const original = owner.executeQuery as (this: unknown, query: CompiledStatement, ...rest: unknown[]) => Promise<unknown>;
  const queries: CompiledStatement[] = [];
  owner.executeQuery = function (this: unknown, query: CompiledStatement, ...rest: unknown[]) {
    queries.push({ sql: query.sql, parameters: query.parameters });
    return original.call(this, query, ...rest);
  };
  try {
    const result = await run();
    return { result, count: queries.length, statements: queries.map((query) => query.sql), queries };
  } finally {
    owner.executeQuery = original;
  }
}
