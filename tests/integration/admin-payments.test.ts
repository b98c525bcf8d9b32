import { describe, expect, it } from "vitest";
import { db } from "~/models/db.server";
import { loader } from "~/routes/_admin.admin_.payments/route";
import { loader as paymentLoader } from "~/routes/_admin.admin_.payments_.$id/route";
import { createAppointment, createPair } from "#tests/helpers/appointments";
import { createUser, signedIn } from "#tests/helpers/factories";
import { body, getRequest, run } from "#tests/helpers/http";
import { page as pageRequest, send } from "#tests/helpers/app";

/** The admin's payments (issue 15, item 4): every payment with its history, and the views of those that need someone. */

const DAY = 86_400_000;

async function payment(appointmentId: string, values: { status: string; createdAt?: Date; refunded?: number; currency?: string }) {
  const row = await db
    .insertInto("payments")
    .values({ appointment_id: appointmentId, provider: "local", provider_payment_id: `p-${appointmentId}`, status: values.status, amount_cents: 180_00, currency: values.currency ?? "BRL", refunded_cents: values.refunded ?? 0, created_at: values.createdAt ?? new Date(), approved_at: values.status === "approved" ? new Date() : null })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

describe("/admin/payments", () => {
  it("lists payments with their status history and notifications, and sorts out those that need someone", async () => {
    const adminUser = await createUser({ role: "admin", password: null });
    const admin = await signedIn(adminUser);
    const { patient, psychologist } = await createPair();
    const at = (days: number) => new Date(Date.now() + days * DAY);
    const appointment = (days: number, values: Parameters<typeof createAppointment>[0] extends infer O ? Partial<O> : never = {}) =>
      createAppointment({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt: at(days), ...values });

    const ok = await payment(await appointment(2), { status: "approved" });
    await db.insertInto("payment_status_history").values([{ payment_id: ok, status: "pending" }, { payment_id: ok, status: "approved", status_detail: "accredited" }]).execute();
    await db.insertInto("payment_notifications").values({ provider: "mercadopago", request_id: "r-1", topic: "payment", resource_id: `p-${(await db.selectFrom("payments").select("appointment_id").where("id", "=", ok).executeTakeFirstOrThrow()).appointment_id}`, processed_at: new Date() }).execute();
    const refusedRefund = await appointment(3, { status: "cancelled" });
    await db.updateTable("appointments").set({ refund_status: "failed", refund_cents: 180_00 }).where("id", "=", refusedRefund).execute();
    await payment(refusedRefund, { status: "approved" });
    await payment(await appointment(4, { status: "pending_payment", paymentStatus: "pending" }), { status: "in_process", createdAt: at(-2) });
    await payment(await appointment(5, { status: "pending_payment", paymentStatus: "pending" }), { status: "pending" });
    await payment(await appointment(6, { status: "pending_payment", paymentStatus: "pending" }), { status: "approved" });

    const all = await body(await run(loader, getRequest("/admin/payments", admin)));
    expect(all.counts).toEqual({ all: 5, failed_refunds: 1, stuck: 1, unapplied: 1 });
    expect(all.rows).toHaveLength(5);
    const first = all.rows.find((row: { id: string }) => row.id === ok);
    expect(first.history.map((entry: { status: string }) => entry.status)).toEqual(["pending", "approved"]);
    expect(first.notifications).toHaveLength(1);
    expect(first.patientEmail).toBe(patient.email);

    const views = async (view: string) => (await body(await run(loader, getRequest(`/admin/payments?view=${view}`, admin)))).rows.map((row: { status: string; refundStatus: string | null }) => [row.status, row.refundStatus]);
    expect(await views("failed_refunds")).toEqual([["approved", "failed"]]);
    expect(await views("stuck")).toEqual([["in_process", null]]);
    expect(await views("unapplied")).toEqual([["approved", null]]);
    expect((await body(await run(loader, getRequest("/admin/payments?view=nonsense", admin)))).view).toBe("all");

    // Reading money leaves an audit row.
    expect(await db.selectFrom("audit_log").select(["actor_user_id", "action"]).where("action", "=", "billing.read").execute()).toContainEqual({ actor_user_id: adminUser.id, action: "billing.read" });
  });

  it("names the provider's status in the admin's language, in the list, on the payment's page and in its history ('Approuvé', not 'approved')", async () => {
    const admin = await signedIn(await createUser({ role: "admin", password: null }));
    const { patient, psychologist } = await createPair();
    const paid = await payment(await createAppointment({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt: new Date(Date.now() + 2 * DAY) }), { status: "approved" });
    await db.insertInto("payment_status_history").values([{ payment_id: paid, status: "pending" }, { payment_id: paid, status: "approved", status_detail: "accredited" }]).execute();
    const text = async (path: string) => {
      const response = await send(pageRequest(path, { Cookie: admin.header(), "Accept-Language": "fr" }));
      expect(response.status).toBe(200);
      return (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "").replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    };
    const list = await text("/admin/payments");
    expect(list).toContain("· Approuvé");
    expect(list).toContain(": Approuvé");
    expect(list).toContain(": En attente");
    expect(list).not.toMatch(/\bapproved\b/);
    // Words wrap between letters only when they must: 'paiement de la consultation' is not cut as 'consul|tation' on a phone.
    const html = await (await send(pageRequest(`/admin/payments/${paid}`, { Cookie: admin.header(), "Accept-Language": "fr" }))).text();
    expect(html).not.toContain('<dd class="break-all"');
    expect(html).toContain('<dd class="[overflow-wrap:anywhere]"');
    const detail = await text(`/admin/payments/${paid}`);
    expect(detail).toContain("Approuvé");
    expect(detail).toContain(": En attente");
    expect(detail).not.toMatch(/\bapproved\b/);
  });

  it("says on a payment's page when neither a status change nor a notification has been recorded yet, and only then", async () => {
    const admin = await signedIn(await createUser({ role: "admin", password: null }));
    const { patient, psychologist } = await createPair();
    const appointment = (days: number) => createAppointment({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt: new Date(Date.now() + days * DAY) });
    const begun = await payment(await appointment(2), { status: "pending" });
    const heard = await payment(await appointment(3), { status: "approved" });
    await db.insertInto("payment_status_history").values({ payment_id: heard, status: "approved", status_detail: "accredited" }).execute();
    const html = async (id: string) => (await (await send(pageRequest(`/admin/payments/${id}`, { Cookie: admin.header() }))).text()).replace(/<script[\s\S]*?<\/script>/g, "");
    const none = "Nenhuma mudança de situação nem notificação do provedor registrada até agora.";
    expect(await html(begun)).toContain(none);
    expect(await html(heard)).not.toContain(none);
  });

  it("shows a payment in another currency in that currency, in the list and on its page, never as reais", async () => {
    const admin = await signedIn(await createUser({ role: "admin", password: null }));
    const { patient, psychologist } = await createPair();
    const appointment = (days: number) => createAppointment({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt: new Date(Date.now() + days * DAY) });
    const reais = await payment(await appointment(2), { status: "approved" });
    // A mismatch the webhook recorded in dollars, given back in part so far.
    const dollars = await payment(await appointment(3), { status: "approved", currency: "USD", refunded: 50_00 });

    const rows: Array<{ id: string; currency: string; amount: string; refunded: string | null }> = (await body(await run(loader, getRequest("/admin/payments", admin)))).rows;
    const plain = (text: string | null | undefined) => text?.replace(/\u00a0/g, " ");
    const listed = (id: string) => rows.find((row) => row.id === id)!;
    expect([listed(dollars).currency, plain(listed(dollars).amount), plain(listed(dollars).refunded)]).toEqual(["USD", "US$ 180,00", "US$ 50,00"]);
    expect([listed(reais).currency, plain(listed(reais).amount)]).toEqual(["BRL", "R$ 180,00"]);

    const page = await body(await run(paymentLoader, getRequest(`/admin/payments/${dollars}`, admin), { id: dollars }));
    expect([plain(page.payment.amount), plain(page.payment.refunded)]).toEqual(["US$ 180,00", "US$ 50,00"]);
    expect(plain(page.refundable?.amount)).toBe("US$ 130,00");
  });
});
