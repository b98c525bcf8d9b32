import { describe, expect, it } from "vitest";
import { billingWindow, conversionRate, methodKey, toBillingPeriod, toPage, transactionStatus } from "./practice-billing";

const ZONE = "America/Sao_Paulo";

describe("billing periods", () => {
  it("defaults to the month on anything unknown", () => {
    expect(toBillingPeriod("week")).toBe("week");
    expect(toBillingPeriod("quarter")).toBe("quarter");
    expect(toBillingPeriod(null)).toBe("month");
    expect(toBillingPeriod("year")).toBe("month");
    expect(toPage("2")).toBe(2);
    expect(toPage("0")).toBe(1);
    expect(toPage("1.5")).toBe(1);
    expect(toPage("abc")).toBe(1);
  });

  it("week: the last 7 days with today; month: this calendar month; quarter: it and the two before — all to the end of today in the zone", () => {
    // 25 Nov 2026, 22:30 in São Paulo (already the 26th in UTC).
    const now = new Date("2026-11-26T01:30:00Z");
    expect(billingWindow("week", now, ZONE)).toEqual({ start: new Date("2026-11-19T03:00:00Z"), end: new Date("2026-11-26T03:00:00Z"), firstDay: "2026-11-19", lastDay: "2026-11-25" });
    expect(billingWindow("month", now, ZONE)).toMatchObject({ start: new Date("2026-11-01T03:00:00Z"), firstDay: "2026-11-01" });
    expect(billingWindow("quarter", now, ZONE)).toMatchObject({ start: new Date("2026-09-01T03:00:00Z"), firstDay: "2026-09-01" });
    // Across the new year.
    expect(billingWindow("quarter", new Date("2027-01-10T15:00:00Z"), ZONE).firstDay).toBe("2026-11-01");
  });
});

describe("labels", () => {
  it("names the methods Mercado Pago reports by type, leaves others as they are", () => {
    expect(methodKey("pix")).toBe("pix");
    expect(methodKey("credit_card")).toBe("credit_card");
    expect(methodKey("debit_card")).toBe("debit_card");
    expect(methodKey("visa")).toBeNull();
    expect(methodKey(null)).toBeNull();
  });

  it("a partial refund keeps 'approved' at the gateway but is shown as one; a full one as refunded", () => {
    expect(transactionStatus("approved", 180_00, 0)).toBe("approved");
    expect(transactionStatus("approved", 180_00, 90_00)).toBe("partially_refunded");
    expect(transactionStatus("approved", 180_00, 180_00)).toBe("refunded");
    expect(transactionStatus("refunded", 180_00, 180_00)).toBe("refunded");
    expect(transactionStatus("in_process", 180_00, 0)).toBe("in_process");
    expect(transactionStatus("something_new", 180_00, 0)).toBeNull();
  });

  it("conversion is paid ÷ created, one decimal, none without bookings", () => {
    expect(conversionRate(4, 7)).toBe(57.1);
    expect(conversionRate(0, 3)).toBe(0);
    expect(conversionRate(0, 0)).toBeNull();
  });
});
