import { sql } from "kysely";
import { db, type Executor } from "./db.server";

/**
 * The people of the platform as the administrator runs them (issue 15,
 * item 2): search, one person's account, and blocking. Clinical notes are
 * never read here — an administrator does not see health records.
 */

export const PEOPLE_PAGE_SIZE = 50;
export type PersonRole = "patient" | "psychologist" | "admin";
export type PersonState = "active" | "blocked" | "deleted";

export interface PeopleFilters {
  /** Part of the name or e-mail, or a CPF (11 digits, matched exactly). */
  q?: string;
  role?: PersonRole;
  state?: PersonState;
}

function roleOf(adminEmails: string[]) {
  const admins = adminEmails.length > 0 ? sql`lower(u.email) in (${sql.join(adminEmails.map((email) => email.toLowerCase()))})` : sql`false`;
  return sql<PersonRole>`case when ${admins} then 'admin' when ps.id is not null then 'psychologist' else 'patient' end`;
}

const stateOf = sql<PersonState>`case when u.deleted_at is not null then 'deleted' when u.blocked_at is not null then 'blocked' else 'active' end`;

/** One page of people matching the filters, newest accounts first, with the total in the same statement. */
export async function searchPeople(filters: PeopleFilters, page: number, adminEmails: string[]) {
  const role = roleOf(adminEmails);
  const digits = filters.q?.replace(/\D/g, "") ?? "";
  let query = db.selectFrom("users as u").leftJoin("profiles as p", "p.id", "u.id").leftJoin("psychologists as ps", "ps.user_id", "u.id");
  if (filters.q) {
    const like = `%${filters.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`u.email ilike ${like}`,
        sql<boolean>`unaccent(concat_ws(' ', p.first_name, p.last_name)) ilike unaccent(${like})`,
        ...(digits.length === 11 ? [sql<boolean>`regexp_replace(coalesce(p.cpf, ''), '\\D', '', 'g') = ${digits}`] : []),
      ]),
    );
  }
  if (filters.role) query = query.where(sql<boolean>`${role} = ${filters.role}`);
  if (filters.state) query = query.where(sql<boolean>`${stateOf} = ${filters.state}`);
  const rows = await query
    .select([
      "u.id",
      "u.email",
      sql<string>`trim(concat_ws(' ', p.first_name, p.last_name))`.as("name"),
      role.as("role"),
      stateOf.as("state"),
      "u.created_at as createdAt",
      sql<number>`count(*) over ()`.as("total"),
    ])
    .orderBy("u.created_at", "desc")
    .orderBy("u.id")
    .limit(PEOPLE_PAGE_SIZE)
    .offset((page - 1) * PEOPLE_PAGE_SIZE)
    .execute();
  return { rows: rows.map(({ total: _total, ...row }) => row), total: Number(rows[0]?.total ?? 0) };
}

/** As the patient or as the psychologist: the appointments a person is part of. */
const partOf = (userId: string) => sql<boolean>`(a.patient_id = ${userId} or a.psychologist_id in (select id from psychologists where user_id = ${userId}))`;

/** How many of a person's appointments and payments the person page lists, the latest first. */
export const PERSON_LIST_SIZE = 50;

/** The latest appointments a person is part of, by start, newest first: one more than listed, to tell a capped list. */
function personAppointments(userId: string) {
  return db
    .selectFrom("appointments as a")
    .innerJoin("psychologists as ps", "ps.id", "a.psychologist_id")
    .leftJoin("profiles as pp", "pp.id", "a.patient_id")
    .where(partOf(userId))
    .select(["a.id", "a.starts_at as startsAt", "a.status", "a.payment_status as paymentStatus", "a.price_cents as priceCents", "ps.name as psychologistName", sql<string>`trim(concat_ws(' ', pp.first_name, pp.last_name))`.as("patientName")])
    .orderBy("a.starts_at", "desc")
    .limit(PERSON_LIST_SIZE + 1)
    .execute();
}

/**
 * Every consultation of a person not yet begun nor ended, soonest first: what an administrator may still
 * cancel. Not the latest-50 list above, which starts from the furthest and would leave out the nearest
 * of a busy practice.
 */
export function personUpcoming(userId: string, now: Date) {
  return db
    .selectFrom("appointments as a")
    .innerJoin("psychologists as ps", "ps.id", "a.psychologist_id")
    .leftJoin("profiles as pp", "pp.id", "a.patient_id")
    .where(partOf(userId))
    .where("a.starts_at", ">", now)
    .where("a.status", "not in", ["cancelled", "completed", "no_show"])
    .select(["a.id", "a.starts_at as startsAt", "a.status", "a.payment_status as paymentStatus", "a.price_cents as priceCents", "ps.name as psychologistName", sql<string>`trim(concat_ws(' ', pp.first_name, pp.last_name))`.as("patientName")])
    .orderBy("a.starts_at", "asc")
    .orderBy("a.id")
    .execute();
}

/** Everything the administrator may see of one person, in a bounded number of statements (the lists are the latest 50). */
export async function personForAdmin(userId: string, adminEmails: string[], now = new Date()) {
  const account = await db
    .selectFrom("users as u")
    .leftJoin("profiles as p", "p.id", "u.id")
    .leftJoin("psychologists as ps", "ps.user_id", "u.id")
    .leftJoin("users as blocker", "blocker.id", "u.blocked_by")
    .where("u.id", "=", userId)
    .select([
      "u.id",
      "u.email",
      "p.first_name as firstName",
      "p.last_name as lastName",
      "p.phone",
      "p.cpf",
      "u.created_at as createdAt",
      "u.email_verified_at as emailVerifiedAt",
      sql<boolean>`u.google_sub is not null`.as("google"),
      "u.deleted_at as deletedAt",
      "u.blocked_at as blockedAt",
      "u.blocked_reason as blockedReason",
      "blocker.email as blockedBy",
      "ps.id as psychologistId",
      "ps.status as psychologistStatus",
      roleOf(adminEmails).as("role"),
    ])
    .executeTakeFirst();
  if (!account) return null;
  const mine = partOf(userId);
  const [appointments, upcoming, payments, consents, sessions] = await Promise.all([
    personAppointments(userId),
    personUpcoming(userId, now),
    db
      .selectFrom("payments as py")
      .innerJoin("appointments as a", "a.id", "py.appointment_id")
      .where(mine)
      .select(["py.id", "py.appointment_id as appointmentId", "py.status", "py.method", "py.amount_cents as amountCents", "py.refunded_cents as refundedCents", "py.created_at as createdAt", "py.approved_at as approvedAt"])
      .orderBy("py.created_at", "desc")
      .limit(PERSON_LIST_SIZE + 1)
      .execute(),
    db.selectFrom("consent_log").where("user_id", "=", userId).select(["consent", "granted", "version", "created_at as at"]).orderBy("created_at", "desc").limit(50).execute(),
    db.selectFrom("sessions").where("user_id", "=", userId).where("expires_at", ">", now).select(["created_at as createdAt", "expires_at as expiresAt", "user_agent as userAgent"]).orderBy("created_at", "desc").execute(),
  ]);
  return {
    account,
    appointments: appointments.slice(0, PERSON_LIST_SIZE),
    // The lists' titles say 'the latest 50' only when there were more.
    appointmentsCapped: appointments.length > PERSON_LIST_SIZE,
    upcoming,
    payments: payments.slice(0, PERSON_LIST_SIZE),
    paymentsCapped: payments.length > PERSON_LIST_SIZE,
    consents,
    sessions,
  };
}

/** The role of the account with this id (deleted ones too: their page still opens); null when there is none. */
export async function accountRole(userId: string, adminEmails: string[]): Promise<PersonRole | null> {
  const row = await db
    .selectFrom("users as u")
    .leftJoin("psychologists as ps", "ps.user_id", "u.id")
    .where("u.id", "=", userId)
    .select(roleOf(adminEmails).as("role"))
    .executeTakeFirst();
  return row?.role ?? null;
}

/** Ends every session of the person; the number ended. */
export async function revokeSessions(executor: Executor, userId: string): Promise<number> {
  const result = await executor.deleteFrom("sessions").where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Blocks or unblocks an account that exists and is not deleted; false otherwise or when already in that state. */
export async function setBlocked(executor: Executor, userId: string, blocked: { by: string; reason: string; at: Date } | null): Promise<boolean> {
  const row = await executor
    .updateTable("users")
    .set(blocked ? { blocked_at: blocked.at, blocked_reason: blocked.reason, blocked_by: blocked.by } : { blocked_at: null, blocked_reason: null, blocked_by: null })
    .where("id", "=", userId)
    .where("deleted_at", "is", null)
    .where("blocked_at", blocked ? "is" : "is not", null)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}
