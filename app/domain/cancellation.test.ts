import { describe, expect, it } from "vitest";
import { DEFAULT_CANCELLATION_POLICY, type CancellationPolicy } from "./appointment-status";
import { cancellationQuote, cancellationRefundStep, cancellationRefusal, exceptionRecognised } from "./cancellation";

const HOUR = 3_600_000;
const startsAt = new Date("2026-12-10T15:00:00Z");
const before = (hours: number) => new Date(startsAt.getTime() - hours * HOUR);
const paid = { paymentStatus: "paid" as const, priceCents: 280_00, startsAt };

describe("cancellationQuote under the default policy", () => {
  it.each([
    [72, 100, 280_00],
    [24, 100, 280_00],
    [24 - 1 / 3600, 50, 140_00],
    [18, 50, 140_00],
    [12, 50, 140_00],
    [12 - 1 / 3600, 0, 0],
    [1, 0, 0],
  ])("a patient cancelling %f h before gets %i %% (%i centavos)", (hours, percent, cents) => {
    expect(cancellationQuote(paid, "patient", before(hours), DEFAULT_CANCELLATION_POLICY)).toEqual({ percent, cents, paid: true });
  });

  it.each([72, 18, 1, 0.1])("a psychologist cancelling %f h before always refunds everything", (hours) => {
    expect(cancellationQuote(paid, "psychologist", before(hours), DEFAULT_CANCELLATION_POLICY)).toEqual({ percent: 100, cents: 280_00, paid: true });
  });

  it("gives nothing back for an unpaid hold: it is only released", () => {
    for (const paymentStatus of ["pending", "failed", "refunded"] as const) {
      expect(cancellationQuote({ ...paid, paymentStatus }, "patient", before(48), DEFAULT_CANCELLATION_POLICY)).toEqual({ percent: 0, cents: 0, paid: false });
    }
  });

  it("rounds a partial refund half up to the centavo", () => {
    expect(cancellationQuote({ ...paid, priceCents: 149_99 }, "patient", before(18), DEFAULT_CANCELLATION_POLICY).cents).toBe(75_00);
    expect(cancellationQuote({ ...paid, priceCents: 149_97 }, "patient", before(18), DEFAULT_CANCELLATION_POLICY).cents).toBe(74_99);
  });
});

describe("cancellationQuote under a psychologist's own policy", () => {
  const strict: CancellationPolicy = { noFeeThresholdHours: 48, partialRefundThresholdHours: 24, partialRefundPercent: 30, exceptions: { medicalEmergency: true, technicalIssues: false, weatherConditions: false } };
  it.each([
    [48, 100],
    [47.99, 30],
    [24, 30],
    [23.99, 0],
  ])("%f h before → %i %%", (hours, percent) => {
    expect(cancellationQuote(paid, "patient", before(hours), strict).percent).toBe(percent);
  });

  it("knows which exceptions it recognises", () => {
    expect(exceptionRecognised("medical_emergency", strict)).toBe(true);
    expect(exceptionRecognised("technical_issues", strict)).toBe(false);
    expect(exceptionRecognised("weather_conditions", DEFAULT_CANCELLATION_POLICY)).toBe(true);
  });
});

describe("cancellationRefusal", () => {
  it.each([
    ["confirmed", "patient", null],
    ["confirmed", "psychologist", null],
    ["scheduled", "patient", null],
    ["pending_reschedule", "psychologist", null],
    ["pending_payment", "patient", null],
    ["pending_payment", "psychologist", "not_allowed"],
    ["completed", "patient", "not_allowed"],
    ["cancelled", "psychologist", "not_allowed"],
    ["no_show", "patient", "not_allowed"],
  ] as const)("%s by the %s → %s", (status, by, expected) => {
    expect(cancellationRefusal({ status, startsAt }, by, before(5))).toBe(expected);
  });

  it("refuses once the consultation has begun", () => {
    expect(cancellationRefusal({ status: "confirmed", startsAt }, "patient", startsAt)).toBe("started");
    expect(cancellationRefusal({ status: "confirmed", startsAt }, "psychologist", new Date(startsAt.getTime() + 60_000))).toBe("started");
    expect(cancellationRefusal({ status: "confirmed", startsAt }, "patient", new Date(startsAt.getTime() - 1))).toBeNull();
  });
});

describe("cancellationRefundStep (what the refund job sends)", () => {
  const step = (input: Partial<Parameters<typeof cancellationRefundStep>[0]>) => cancellationRefundStep({ owedCents: 200_00, paidCents: 200_00, refundedCents: 0, manualRefundPending: false, ...input });

  it("sends what is owed when nothing went back yet", () => {
    expect(step({})).toEqual({ kind: "refund", cents: 200_00, full: true });
    expect(step({ owedCents: 100_00 })).toEqual({ kind: "refund", cents: 100_00, full: false });
  });

  it("waits while an administrator's refund of the payment is pending, whatever is left", () => {
    expect(step({ manualRefundPending: true })).toEqual({ kind: "wait" });
    expect(step({ manualRefundPending: true, refundedCents: 200_00 })).toEqual({ kind: "wait" });
  });

  it("counts an administrator's refund made before: only what is left goes back", () => {
    expect(step({ refundedCents: 50_00 })).toEqual({ kind: "refund", cents: 150_00, full: true });
  });

  it("never sends more than is left of the payment, even if more is owed", () => {
    expect(step({ owedCents: 200_00, paidCents: 120_00, refundedCents: 20_00 })).toEqual({ kind: "refund", cents: 100_00, full: true });
  });

  it("owes nothing once what is owed (or the whole payment) went back", () => {
    expect(step({ refundedCents: 200_00 })).toEqual({ kind: "nothing_owed" });
    expect(step({ owedCents: 100_00, refundedCents: 150_00 })).toEqual({ kind: "nothing_owed" });
    expect(step({ owedCents: 0 })).toEqual({ kind: "nothing_owed" });
  });

  it("a granted exception after a partial refund sends the rest", () => {
    expect(step({ owedCents: 280_00, paidCents: 280_00, refundedCents: 140_00 })).toEqual({ kind: "refund", cents: 140_00, full: true });
  });
});
