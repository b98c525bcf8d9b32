import { sql, type Kysely } from "kysely";

/**
 * The billing tab reads one psychologist's payments by time (spec 02,
 * 'Financeiro'): the period's transactions, newest first, and what was
 * received. Payments only knew their appointment, so each page filtered
 * every payment of the marketplace in the period and then kept the
 * psychologist's (91 ms on the bench's 100,000 appointments).
 * payments.psychologist_id is the appointment's, written by a trigger on
 * insert (an appointment never changes psychologist), and two indexes serve
 * the tab's reads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payments add column psychologist_id uuid references psychologists (id)`.execute(db);
  await sql`update payments p set psychologist_id = a.psychologist_id from appointments a where a.id = p.appointment_id`.execute(db);
  await sql`alter table payments alter column psychologist_id set not null`.execute(db);
  await sql`create function payments_psychologist() returns trigger language plpgsql as $$
      begin
        new.psychologist_id := (select a.psychologist_id from appointments a where a.id = new.appointment_id);
        return new;
      end $$`.execute(db);
  await sql`create trigger payments_psychologist before insert or update of appointment_id on payments
      for each row execute function payments_psychologist()`.execute(db);
  // The transactions: when approved, else when started; ties by id (listTransactions).
  await sql`create index payments_psychologist_at_idx on payments (psychologist_id, (coalesce(approved_at, created_at)), id)`.execute(db);
  // 'Recebido': approved (or since refunded) in the period (receivedInPeriod).
  await sql`create index payments_psychologist_approved_idx on payments (psychologist_id, approved_at) where status in ('approved', 'refunded')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists payments_psychologist on payments`.execute(db);
  await sql`drop function if exists payments_psychologist()`.execute(db);
  await sql`alter table payments drop column if exists psychologist_id`.execute(db);
}
