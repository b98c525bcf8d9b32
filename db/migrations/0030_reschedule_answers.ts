import { sql, type Kysely } from "kysely";

/**
 * The notifications box also tells the psychologist how the patient answered
 * their proposed new time: accepted (the consultation moved) or rejected (it
 * stays). Before, only an e-mail said so.
 */
const KINDS = ["booking_paid", "cancellation", "payment_failed", "evaluation", "reschedule_requested", "record_requested"];

const kindCheck = (kinds: string[]) =>
  sql`alter table practice_notifications add constraint practice_notifications_kind_check check (kind in (${sql.join(kinds.map((kind) => sql.lit(kind)))}))`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table practice_notifications drop constraint practice_notifications_kind_check`.execute(db);
  await kindCheck([...KINDS, "reschedule_accepted", "reschedule_rejected"]).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from practice_notifications where kind in ('reschedule_accepted', 'reschedule_rejected')`.execute(db);
  await sql`alter table practice_notifications drop constraint practice_notifications_kind_check`.execute(db);
  await kindCheck(KINDS).execute(db);
}
