import { sql } from "kysely";
import type { PracticeNotificationKind } from "#db/types";
import { db, type Executor } from "./db.server";

/**
 * The psychologist's notifications box: one row per event, written by the
 * event's own transaction (pass its `trx`), read and marked only by the
 * psychologist it belongs to.
 */

/**
 * Records the event once per appointment and kind; a hook that runs twice adds nothing.
 * `again`: an event that can recur (a new reschedule request) brings the row back, unread, on top.
 */
export async function recordPracticeNotification(executor: Executor, appointmentId: string, kind: PracticeNotificationKind, options: { again?: boolean } = {}): Promise<void> {
  await executor
    .insertInto("practice_notifications")
    .columns(["psychologist_id", "kind", "appointment_id"])
    .expression((eb) => eb.selectFrom("appointments").select([sql.ref<string>("psychologist_id").as("psychologist_id"), sql.lit(kind).as("kind"), "id"]).where("id", "=", appointmentId))
    .onConflict((oc) => (options.again ? oc.columns(["appointment_id", "kind"]).doUpdateSet({ created_at: sql`now()`, read_at: null }) : oc.columns(["appointment_id", "kind"]).doNothing()))
    .execute();
}

export const NOTIFICATIONS_SHOWN = 8;

/**
 * The newest notifications with the patient's first name and the consultation's start (null for a
 * record request, which belongs to no consultation); each row carries the unread count (none without rows).
 * An anonymous evaluation's row comes back with neither name nor consultation (nor its id): the
 * patient was promised the psychologist would not know who wrote it, and the consultation says who.
 */
export async function listPracticeNotifications({ psychologistId, limit = NOTIFICATIONS_SHOWN }: { psychologistId: string; limit?: number }) {
  const anonymous = sql<boolean>`coalesce(e.is_anonymous, false)`;
  const rows = await db
    .selectFrom("practice_notifications as n")
    .leftJoin("appointments as a", "a.id", "n.appointment_id")
    .leftJoin("record_requests as r", "r.id", "n.record_request_id")
    .leftJoin("profiles as p", "p.id", "a.patient_id")
    .leftJoin("profiles as rp", "rp.id", "r.patient_id")
    .leftJoin("evaluations as e", (join) => join.onRef("e.appointment_id", "=", "n.appointment_id").on("n.kind", "=", "evaluation").on("e.psychologist_id", "=", psychologistId))
    .where("n.psychologist_id", "=", psychologistId)
    .orderBy("n.created_at", "desc")
    .orderBy("n.id", "desc")
    .limit(limit)
    .select([
      "n.id",
      "n.kind",
      anonymous.as("anonymous"),
      sql<string | null>`case when ${anonymous} then null else n.appointment_id end`.as("appointmentId"),
      "n.record_request_id as recordRequestId",
      "n.created_at as createdAt",
      "n.read_at as readAt",
      sql<Date | null>`case when ${anonymous} then null else a.starts_at end`.as("startsAt"),
      sql<string | null>`case when ${anonymous} then null else coalesce(p.first_name, rp.first_name) end`.as("firstName"),
      (eb) =>
        eb
          .selectFrom("practice_notifications")
          .where("psychologist_id", "=", psychologistId)
          .where("read_at", "is", null)
          .select(sql<number>`count(*)::int`.as("unread"))
          .as("unread"),
    ])
    .execute();
  return rows;
}

/** Marks one as read (or unread again); false when it is not this psychologist's. */
export async function setPracticeNotificationRead({ psychologistId, id, read }: { psychologistId: string; id: number; read: boolean }): Promise<boolean> {
  const result = await db
    .updateTable("practice_notifications")
    .set({ read_at: read ? new Date() : null })
    .where("id", "=", id)
    .where("psychologist_id", "=", psychologistId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function markAllPracticeNotificationsRead({ psychologistId }: { psychologistId: string }): Promise<void> {
  await db.updateTable("practice_notifications").set({ read_at: new Date() }).where("psychologist_id", "=", psychologistId).where("read_at", "is", null).execute();
}
