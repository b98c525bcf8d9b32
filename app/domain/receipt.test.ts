import { describe, expect, it } from "vitest";
import { hasReceipt, isoDay, keptCents, paymentMethodKey, receiptNumber, shortId } from "./receipt";

const paid = { paymentStatus: "paid", priceCents: 180_00, refundCents: null };

describe("hasReceipt", () => {
  it.each(["confirmed", "pending_reschedule", "completed", "no_show"] as const)("a paid %s consultation has one", (status) => {
    expect(hasReceipt({ ...paid, status })).toBe(true);
  });
  it.each(["pending_payment", "pending", "scheduled"] as const)("a %s one has none", (status) => {
    expect(hasReceipt({ ...paid, status })).toBe(false);
  });
  it("an unpaid or refunded one has none", () => {
    expect(hasReceipt({ ...paid, status: "completed", paymentStatus: "pending" })).toBe(false);
    expect(hasReceipt({ ...paid, status: "cancelled", paymentStatus: "refunded", refundCents: 180_00 })).toBe(false);
  });
  it("a cancelled one keeps a receipt for what the policy kept", () => {
    expect(hasReceipt({ ...paid, status: "cancelled", refundCents: 90_00 })).toBe(true);
    expect(keptCents({ ...paid, status: "cancelled", refundCents: 90_00 })).toBe(90_00);
  });
  it("a cancelled one refunded in full (still marked paid while the refund runs) has none", () => {
    expect(hasReceipt({ ...paid, status: "cancelled", refundCents: 180_00 })).toBe(false);
  });
  it("a refund amount only counts for a cancelled consultation", () => {
    expect(keptCents({ ...paid, status: "completed", refundCents: 50_00 })).toBe(180_00);
  });
});

describe("receipt numbers and names", () => {
  it("numbers by the year in the zone and the id", () => {
    expect(receiptNumber("3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69", new Date("2027-01-01T01:00:00Z"), "America/Sao_Paulo")).toBe("2026-3F1C2A4E");
    expect(shortId("3f1c2a4e-8b7d")).toBe("3F1C2A4E");
  });
  it("gives the day in the zone", () => {
    expect(isoDay(new Date("2026-10-01T02:00:00Z"), "America/Sao_Paulo")).toBe("2026-09-30");
    expect(isoDay(new Date("2026-10-01T02:00:00Z"), "UTC")).toBe("2026-10-01");
  });
  it.each([
    ["pix", "pix"],
    ["bank_transfer", "pix"],
    ["credit_card", "credit_card"],
    ["visa", "credit_card"],
    ["master", "credit_card"],
    ["debit_card", "debit_card"],
    ["debvisa", "debit_card"],
    ["account_money", "other"],
    [null, "other"],
  ])("names %s as %s", (method, key) => expect(paymentMethodKey(method)).toBe(key));
});
