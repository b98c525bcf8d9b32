import { addDays, dateInZone } from "~/domain/slots";
import { db } from "~/models/db.server";
import { InMemoryLocalPaymentStore, LocalPaymentGateway } from "~/providers/payments.local.server";
import { resetPaymentGateway } from "~/providers/payments.server";
import { env } from "~/utils/env.server";
import { createUser, type TestUser } from "./factories";

/** Booking fixtures: a bookable psychologist with an agenda, days and slot instants, a local gateway of the test's own. */

export const ZONE = "America/Sao_Paulo";

export async function createBookablePsychologist(
  options: { blocks?: Array<[number, string, string]>; pricing?: [number, number] | null; priceCents?: number; locale?: string; email?: string } = {},
): Promise<TestUser & { psychologistId: string }> {
  const user = await createUser({ role: "psychologist", locale: options.locale, email: options.email });
  const psychologistId = user.psychologistId!;
  // Every day 08:00–20:00 unless told otherwise.
  const blocks = options.blocks ?? [0, 1, 2, 3, 4, 5, 6].map((weekday): [number, string, string] => [weekday, "08:00", "20:00"]);
  if (blocks.length > 0) {
    await db
      .insertInto("psychologist_availability")
      .values(blocks.map(([weekday, start_time, end_time]) => ({ psychologist_id: psychologistId, weekday, start_time, end_time })))
      .execute();
  }
  if (options.priceCents !== undefined) await db.updateTable("psychologists").set({ price_cents: options.priceCents }).where("id", "=", psychologistId).execute();
  const pricing: [number, number] | null = options.pricing === undefined ? [120_00, 180_00] : options.pricing;
  if (pricing) {
    await db.insertInto("psychologist_pricing").values({ psychologist_id: psychologistId, price_30_cents: pricing[0], price_60_cents: pricing[1] }).execute();
  }
  return { ...user, psychologistId };
}

/** A calendar day `days` from today in Brasília. */
export function dayFromToday(days: number): string {
  return addDays(dateInZone(new Date(), ZONE), days);
}

/** The instant of a Brasília wall time ('10:00') on a day (Brazil keeps UTC−3 all year). */
export function brasilia(date: string, time: string): Date {
  return new Date(`${date}T${time}:00-03:00`);
}

/** A fresh local gateway with its payments in memory: refunds and lookups can be watched. */
export function useLocalGateway(): LocalPaymentGateway {
  const config = env();
  const gateway = new LocalPaymentGateway({ store: new InMemoryLocalPaymentStore(), appUrl: config.APP_URL, webhookSecret: config.MERCADOPAGO_WEBHOOK_SECRET });
  resetPaymentGateway(gateway);
  return gateway;
}

export function appointmentRow(id: string) {
  return db.selectFrom("appointments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}
