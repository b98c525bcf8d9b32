import { describe, expect, it } from "vitest";
import { manualRefundRefusal, manualRefundRetryRefusal, refundableCents, type RefundablePayment } from "./manual-refund";

const NOW = new Date("2026-11-25T15:00:00Z");
const PAST = new Date("2026-11-20T15:00:00Z");
const FUTURE = new Date("2026-11-28T15:00:00Z");

function payment(overrides: Partial<RefundablePayment> = {}): RefundablePayment {
  return { status: "approved", amountCents: 200_00, refundedCents: 0, inFlightCents: 0, cancellationRefundOwed: false, appointment: { status: "completed", startsAt: PAST }, ...overrides };
}

describe("refundableCents", () => {
  it.each([
    [payment(), 200_00],
    [payment({ refundedCents: 50_00 }), 150_00],
    [payment({ refundedCents: 50_00, inFlightCents: 30_00 }), 120_00],
    [payment({ refundedCents: 200_00 }), 0],
    [payment({ refundedCents: 250_00 }), 0],
    [payment({ status: "refunded" }), 0],
    [payment({ status: "pending" }), 0],
    [payment({ status: "charged_back" }), 0],
  ])("%#: %o leaves %i", (input, expected) => {
    expect(refundableCents(input)).toBe(expected);
  });
});

describe("manualRefundRefusal", () => {
  it("allows any amount up to what is left of a past consultation's payment", () => {
    expect(manualRefundRefusal(payment(), 1, NOW)).toBeNull();
    expect(manualRefundRefusal(payment(), 80_00, NOW)).toBeNull();
    expect(manualRefundRefusal(payment(), 200_00, NOW)).toBeNull();
    expect(manualRefundRefusal(payment({ refundedCents: 120_00 }), 80_00, NOW)).toBeNull();
  });

  it.each([0, -1, 200_01, 1.5, Number.NaN])("refuses %s centavos as too much or not an amount", (cents) => {
    expect(manualRefundRefusal(payment(), cents, NOW)).toBe("too_much");
  });

  it("counts what is already refunded and what is on its way", () => {
    expect(manualRefundRefusal(payment({ refundedCents: 150_00 }), 50_01, NOW)).toBe("too_much");
    expect(manualRefundRefusal(payment({ refundedCents: 150_00, inFlightCents: 40_00 }), 10_01, NOW)).toBe("too_much");
    expect(manualRefundRefusal(payment({ refundedCents: 150_00, inFlightCents: 40_00 }), 10_00, NOW)).toBeNull();
  });

  it("refuses a payment with nothing left or not approved", () => {
    expect(manualRefundRefusal(payment({ refundedCents: 200_00 }), 1, NOW)).toBe("nothing_left");
    expect(manualRefundRefusal(payment({ refundedCents: 150_00, inFlightCents: 50_00 }), 1, NOW)).toBe("nothing_left");
    expect(manualRefundRefusal(payment({ status: "refunded" }), 1, NOW)).toBe("not_approved");
    expect(manualRefundRefusal(payment({ status: "in_process" }), 1, NOW)).toBe("not_approved");
  });

  it("leaves a cancellation's owed refund to its job", () => {
    expect(manualRefundRefusal(payment({ cancellationRefundOwed: true, appointment: { status: "cancelled", startsAt: FUTURE } }), 10_00, NOW)).toBe("cancellation_refund_owed");
  });

  it.each(["confirmed", "scheduled", "pending_reschedule"] as const)("sends everything back for a %s consultation still ahead through a cancellation", (status) => {
    const ahead = payment({ appointment: { status, startsAt: FUTURE } });
    expect(manualRefundRefusal(ahead, 200_00, NOW)).toBe("cancel_instead");
    // The rest after an earlier partial refund is everything left, too.
    expect(manualRefundRefusal({ ...ahead, refundedCents: 50_00 }, 150_00, NOW)).toBe("cancel_instead");
    // A part of it is a goodwill refund: allowed.
    expect(manualRefundRefusal(ahead, 199_99, NOW)).toBeNull();
  });

  it("allows everything back once the consultation has begun, or when it no longer holds its slot", () => {
    expect(manualRefundRefusal(payment({ appointment: { status: "confirmed", startsAt: NOW } }), 200_00, NOW)).toBeNull();
    expect(manualRefundRefusal(payment({ appointment: { status: "no_show", startsAt: PAST } }), 200_00, NOW)).toBeNull();
    expect(manualRefundRefusal(payment({ appointment: { status: "cancelled", startsAt: FUTURE } }), 200_00, NOW)).toBeNull();
  });
});

describe("manualRefundRetryRefusal", () => {
  it("lets a pending refund whose answer was lost be tried again, even while a cancellation's refund waits for it", () => {
    expect(manualRefundRetryRefusal(payment({ inFlightCents: 50_00, cancellationRefundOwed: true }), { status: "pending", cents: 50_00 })).toBeNull();
  });

  it("holds a failed refund to the rule of a new one", () => {
    expect(manualRefundRetryRefusal(payment(), { status: "failed", cents: 50_00 })).toBeNull();
    expect(manualRefundRetryRefusal(payment({ cancellationRefundOwed: true }), { status: "failed", cents: 50_00 })).toBe("cancellation_refund_owed");
    // A cancellation gave back the rest meanwhile: the failed 50,00 would be more than was paid.
    expect(manualRefundRetryRefusal(payment({ refundedCents: 200_00 }), { status: "failed", cents: 50_00 })).toBe("nothing_left");
    expect(manualRefundRetryRefusal(payment({ refundedCents: 180_00 }), { status: "failed", cents: 50_00 })).toBe("too_much");
    expect(manualRefundRetryRefusal(payment({ status: "refunded" }), { status: "failed", cents: 50_00 })).toBe("not_approved");
  });
});
