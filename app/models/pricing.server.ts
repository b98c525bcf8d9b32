import type { Transaction } from "kysely";
import type { Database } from "#db/types";
import { db } from "./db.server";

/**
 * A psychologist's consultation prices. The active `psychologist_pricing` row
 * is the price in force; saving adds a new active row and keeps the old ones
 * (inactive) as history. Every function takes the owner's psychologist id.
 */

export interface PricingState {
  /** The active row, if the psychologist has saved prices. */
  active: { price30Cents: number; price60Cents: number; savedAt: Date } | null;
  /** `psychologists.price_cents` (the profile's 60-minute price), for the fallback rule. */
  profilePriceCents: number | null;
}

export async function getPricingState({ psychologistId }: { psychologistId: string }): Promise<PricingState> {
  const row = await db
    .selectFrom("psychologists as p")
    .leftJoin("psychologist_pricing as pr", (join) => join.onRef("pr.psychologist_id", "=", "p.id").on("pr.is_active", "=", true))
    .where("p.id", "=", psychologistId)
    .select(["p.price_cents as profilePriceCents", "pr.price_30_cents as price30Cents", "pr.price_60_cents as price60Cents", "pr.created_at as savedAt"])
    .executeTakeFirst();
  if (!row) return { active: null, profilePriceCents: null };
  return {
    active: row.price30Cents !== null && row.price60Cents !== null && row.savedAt !== null ? { price30Cents: row.price30Cents, price60Cents: row.price60Cents, savedAt: row.savedAt } : null,
    profilePriceCents: row.profilePriceCents,
  };
}

/** Makes these prices the active ones, keeping the previous row as history, in one transaction. */
export async function saveActivePricing({ psychologistId, price30Cents, price60Cents }: { psychologistId: string; price30Cents: number; price60Cents: number }) {
  await db.transaction().execute((trx) => replaceActivePricing(trx, { psychologistId, price30Cents, price60Cents }));
}

/**
 * The caller's transaction makes these prices the active ones. The
 * psychologist's own price (`psychologists.price_cents`, the profile's
 * 'Valor da sessão') becomes the 60-minute price too: the directory shows,
 * filters and sorts by that column, and must show what checkout charges.
 * Writing that row first also makes two saves of one practice go in turn.
 */
export async function replaceActivePricing(trx: Transaction<Database>, { psychologistId, price30Cents, price60Cents }: { psychologistId: string; price30Cents: number; price60Cents: number }) {
  // Keep this first and unconditional: it locks the psychologist's row (as savePolicies does), so two saves
  // cannot both retire the same row and both insert, the second breaking the unique index (23505, a 500).
  await trx.updateTable("psychologists").set({ price_cents: price60Cents }).where("id", "=", psychologistId).execute();
  // The unique partial index allows one active row: retire the old one first.
  await trx
    .updateTable("psychologist_pricing")
    .set({ is_active: false, updated_at: new Date() })
    .where("psychologist_id", "=", psychologistId)
    .where("is_active", "=", true)
    .execute();
  await trx.insertInto("psychologist_pricing").values({ psychologist_id: psychologistId, price_30_cents: price30Cents, price_60_cents: price60Cents, is_active: true }).execute();
}
