/**
 * The marketplace the administrator's overview is measured on (issue 15,
 * item 1): 100,000 appointments in all, spread over the bench's 2,000
 * psychologists and its patients — the last sixteen weeks (completed,
 * cancelled with and without a refund, no-shows, expired holds) and, after
 * the demo practice's 200 days ahead, a year of confirmed ones — with their
 * payments and some evaluations. Set-based SQL; the future ones take one
 * hour each of a single timeline, so no psychologist or patient is ever
 * double-booked.
 */

export const ADMIN_APPOINTMENTS = 100_000;

/**
 * The last statement of every bulk insert, run after its commit: vacuumed as well as analysed, so that
 * autovacuum does not visit the new rows during the measurements (it did, a minute after the insert)
 * and the first reads do not set their hint bits.
 */
export const SETTLE = "vacuum analyze";

export function adminInsertSql(count: number, benchDomain: string): string[] {
  return [
    `create temp table bench_market as
       select gen_random_uuid() as id, s.n,
              ps.id as psychologist_id, pa.id as patient_id, ps.price_cents,
              case when s.n % 10 = 0 then date_trunc('hour', now()) + interval '201 days' + (s.n / 10) * interval '1 hour'
                   else date_trunc('hour', now()) - (1 + (s.n * 7919) % (112 * 24)) * interval '1 hour' end as starts_at,
              case when s.n % 10 = 0 then 'confirmed'
                   when s.n % 17 = 0 then 'no_show'
                   when s.n % 11 = 0 then 'cancelled'
                   when s.n % 13 = 0 then 'expired'
                   else 'completed' end as kind
       from generate_series(1, ${count}) as s(n)
       join (select id, price_cents, row_number() over (order by id) as k from psychologists where email like 'psi-%@${benchDomain}') as ps
         on ps.k = 1 + s.n % (select count(*) from psychologists where email like 'psi-%@${benchDomain}')
       join (select id, row_number() over (order by id) as k from users where email like 'paciente-%@${benchDomain}') as pa
         on pa.k = 1 + (s.n * 31) % (select count(*) from users where email like 'paciente-%@${benchDomain}')`,
    `insert into appointments (id, patient_id, psychologist_id, starts_at, ends_at, duration_minutes, status, payment_status, payment_method,
                               price_cents, created_at, cancelled_at, cancelled_by, refund_cents, refund_status)
     select id, patient_id, psychologist_id, starts_at, starts_at + interval '50 minutes', 50,
            (case kind when 'expired' then 'cancelled' else kind end)::appointment_status,
            (case kind when 'expired' then 'failed' when 'cancelled' then (case when n % 2 = 0 then 'refunded' else 'paid' end) else 'paid' end)::payment_status,
            (array['pix', 'credit_card', 'debit_card'])[1 + n % 3], price_cents,
            least(now(), starts_at - interval '3 days'),
            case when kind in ('cancelled', 'expired') then least(now(), starts_at - interval '2 days') end,
            (case kind when 'cancelled' then (case when n % 2 = 0 then 'psychologist' else 'patient' end) when 'expired' then 'system' end)::cancelled_by,
            case when kind = 'cancelled' and n % 2 = 0 then price_cents end,
            case when kind = 'cancelled' and n % 2 = 0 then 'refunded' end
     from bench_market`,
    `insert into payments (appointment_id, provider, provider_payment_id, status, method, amount_cents, currency, refunded_cents, approved_at, created_at)
     select id, 'local', 'bench-m-' || n, case when kind = 'cancelled' and n % 2 = 0 then 'refunded' else 'approved' end,
            (array['pix', 'credit_card', 'debit_card'])[1 + n % 3], price_cents, 'BRL',
            case when kind = 'cancelled' and n % 2 = 0 then price_cents else 0 end,
            least(now(), starts_at - interval '3 days'), least(now(), starts_at - interval '3 days')
     from bench_market where kind <> 'expired'`,
    `insert into evaluations (appointment_id, psychologist_id, patient_id, rating, comment, is_anonymous, publish_consent, created_at)
     select id, psychologist_id, patient_id, 1 + (n * 7) % 5, '', true, false, least(now(), starts_at + interval '1 day')
     from bench_market where kind = 'completed' and n % 5 = 0`,
    "drop table bench_market",
    SETTLE,
  ];
}
