import { sql, type Kysely } from "kysely";

/**
 * One 60-minute price per psychologist. The directory shows, filters and sorts
 * by `psychologists.price_cents`, while checkout charges the active
 * `psychologist_pricing` row: saving prices now writes both (pricing.server.ts),
 * and this brings rows saved before into line with the price in force.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update psychologists p set price_cents = pr.price_60_cents
      from psychologist_pricing pr
      where pr.psychologist_id = p.id and pr.is_active and p.price_cents is distinct from pr.price_60_cents`.execute(db);
}

/** Nothing to undo: the prices were already the ones in force. */
export async function down(): Promise<void> {}
