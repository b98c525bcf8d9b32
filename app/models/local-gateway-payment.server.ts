import type { GatewayPayment } from "~/providers/payments.contract.server";
import type { LocalPaymentStore } from "~/providers/payments.local.server";
import { db } from "./db.server";

/**
 * The local gateway's own payments, kept in the database so that the
 * development checkout, the webhook job and any number of processes agree
 * (the real gateway keeps these at Mercado Pago).
 */
export const databaseLocalPaymentStore: LocalPaymentStore = {
  async save(payment: GatewayPayment) {
    const json = JSON.stringify(payment);
    await db
      .insertInto("local_gateway_payments")
      .values({ id: payment.id, payment: json })
      .onConflict((oc) => oc.column("id").doUpdateSet({ payment: json, updated_at: new Date() }))
      .execute();
  },
  async find(id: string) {
    const row = await db.selectFrom("local_gateway_payments").select("payment").where("id", "=", id).executeTakeFirst();
    if (!row) return null;
    const payment = row.payment as GatewayPayment & { approvedAt?: string | Date | null };
    // JSON has no dates: bring approvedAt back to one.
    return { ...payment, approvedAt: payment.approvedAt ? new Date(payment.approvedAt) : null };
  },
};
