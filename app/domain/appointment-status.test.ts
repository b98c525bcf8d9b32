import { readFileSync } from "node:fs";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { AppointmentStatus as DbAppointmentStatus } from "#db/types";
import {
  APPOINTMENT_STATUSES,
  DEFAULT_CANCELLATION_POLICY,
  DEFAULT_RESCHEDULE_POLICY,
  IllegalTransitionError,
  SLOT_HOLDING_STATUSES,
  STATUS_LABELS_PT_BR,
  STATUS_LABEL_KEYS,
  canReschedule,
  canTransition,
  cancelledByOf,
  completableAfter,
  holdsSlot,
  hoursUntil,
  isHistory,
  isTerminal,
  isUpcoming,
  nextStatus,
  refundCents,
  refundPercent,
  refundPercentForCancellation,
  statusLabelKey,
  type AppointmentEvent,
  type AppointmentStatus,
  type CancellationPolicy,
} from "./appointment-status";

const MIN = 60_000;
const HOUR = 60 * MIN;
const START = new Date("2025-06-02T13:00:00.000Z");
const END = new Date(START.getTime() + 50 * MIN);
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

const migration = readFileSync(new URL("../../db/migrations/0001_core.ts", import.meta.url), "utf8");

/** The quoted names inside a SQL list `(...)` following `marker`. */
function sqlList(marker: RegExp): string[] {
  const match = marker.exec(migration);
  if (!match?.[1]) throw new Error(`not found in migration: ${marker}`);
  return [...match[1].matchAll(/'([a-z_]+)'/g)].map((m) => m[1]!);
}

describe("statuses match the database", () => {
  it("lists the enum of the migration, in order", () => {
    expect([...APPOINTMENT_STATUSES]).toEqual(sqlList(/create type appointment_status as enum \(([^)]*)\)/));
  });

  it("has the same type as db/types", () => {
    expectTypeOf<AppointmentStatus>().toEqualTypeOf<DbAppointmentStatus>();
  });

  it("holds a slot in exactly the statuses of both exclusion constraints", () => {
    const constraints = [...migration.matchAll(/where \(status in \(([^)]*)\)\)/g)];
    expect(constraints).toHaveLength(2);
    for (const constraint of constraints) {
      const statuses = [...constraint[1]!.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
      expect([...statuses].sort()).toEqual([...SLOT_HOLDING_STATUSES].sort());
    }
  });

  it("holdsSlot agrees with the list; terminal statuses free the slot", () => {
    for (const status of APPOINTMENT_STATUSES) {
      expect(holdsSlot(status)).toBe((SLOT_HOLDING_STATUSES as readonly string[]).includes(status));
      expect(isTerminal(status)).toBe(!holdsSlot(status));
    }
  });
});

const paymentApproved: AppointmentEvent = { type: "payment_approved" };
const holdExpired: AppointmentEvent = { type: "hold_expired" };
const paymentFailed: AppointmentEvent = { type: "payment_failed" };
const cancelBy = (by: "patient" | "psychologist" | "system" | "admin"): AppointmentEvent => ({ type: "cancel", by });
const requestReschedule: AppointmentEvent = { type: "request_reschedule", by: "patient" };
const complete = (now: Date): AppointmentEvent => ({ type: "complete", now, endsAt: END });
const noShow = (now: Date, by: "patient" | "psychologist" | "system" | "admin" = "psychologist"): AppointmentEvent => ({
  type: "mark_no_show",
  by,
  now,
  startsAt: START,
});

/** Every status from which `event` is allowed. */
const allowedFrom = (event: AppointmentEvent) => APPOINTMENT_STATUSES.filter((status) => canTransition(status, event));

describe("payment", () => {
  it("approval confirms a booking awaiting payment (and the spec's legacy pending)", () => {
    expect(allowedFrom(paymentApproved)).toEqual(["pending_payment", "pending"]);
    expect(nextStatus("pending_payment", paymentApproved)).toBe("confirmed");
    expect(nextStatus("pending", paymentApproved)).toBe("confirmed");
  });

  it("a repeated approval on a confirmed appointment is illegal (the caller treats it as already applied)", () => {
    expect(() => nextStatus("confirmed", paymentApproved)).toThrow(IllegalTransitionError);
  });

  it("an approval after the hold was released does not revive the appointment", () => {
    expect(canTransition("cancelled", paymentApproved)).toBe(false);
  });

  it.each([holdExpired, paymentFailed])("$type cancels only an appointment awaiting payment, by the system", (event) => {
    expect(allowedFrom(event)).toEqual(["pending_payment"]);
    expect(nextStatus("pending_payment", event)).toBe("cancelled");
    expect(cancelledByOf(event)).toBe("system");
  });
});

describe("cancel", () => {
  it.each(["patient", "psychologist", "admin", "system"] as const)("by %s from scheduled, pending_reschedule, confirmed", (by) => {
    const allowed = allowedFrom(cancelBy(by));
    expect(allowed).toEqual(
      by === "patient"
        ? ["pending_payment", "scheduled", "confirmed", "pending_reschedule"]
        : ["scheduled", "confirmed", "pending_reschedule"],
    );
    for (const status of allowed) expect(nextStatus(status, cancelBy(by))).toBe("cancelled");
  });

  it("records who cancelled", () => {
    expect(cancelledByOf(cancelBy("psychologist"))).toBe("psychologist");
    expect(cancelledByOf(cancelBy("patient"))).toBe("patient");
    expect(cancelledByOf(paymentApproved)).toBeNull();
  });

  it("cannot cancel what is over", () => {
    for (const status of ["completed", "cancelled", "no_show"] as const) {
      expect(canTransition(status, cancelBy("patient"))).toBe(false);
      expect(canTransition(status, cancelBy("admin"))).toBe(false);
    }
  });
});

describe("reschedule", () => {
  it("can be requested from scheduled or confirmed only", () => {
    expect(allowedFrom(requestReschedule)).toEqual(["scheduled", "confirmed"]);
    expect(allowedFrom({ type: "request_reschedule", by: "psychologist" })).toEqual(["scheduled", "confirmed"]);
    expect(nextStatus("confirmed", requestReschedule)).toBe("pending_reschedule");
  });

  it("confirmed: a paid appointment returns to confirmed, an unpaid one to scheduled", () => {
    expect(nextStatus("pending_reschedule", { type: "confirm_reschedule", paid: true })).toBe("confirmed");
    expect(nextStatus("pending_reschedule", { type: "confirm_reschedule", paid: false })).toBe("scheduled");
  });

  it("rejected: back to where it was", () => {
    expect(nextStatus("pending_reschedule", { type: "reject_reschedule", paid: true })).toBe("confirmed");
    expect(nextStatus("pending_reschedule", { type: "reject_reschedule", paid: false })).toBe("scheduled");
  });

  it("answers only a pending reschedule", () => {
    expect(allowedFrom({ type: "confirm_reschedule", paid: true })).toEqual(["pending_reschedule"]);
    expect(allowedFrom({ type: "reject_reschedule", paid: false })).toEqual(["pending_reschedule"]);
  });

  it("a second request while one is pending is illegal", () => {
    expect(canTransition("pending_reschedule", requestReschedule)).toBe(false);
  });
});

describe("complete", () => {
  it("waits until the video window closes (end + 15 min)", () => {
    expect(completableAfter(END).toISOString()).toBe(at(END, 15 * MIN).toISOString());
    expect(canTransition("confirmed", complete(at(END, 14 * MIN)))).toBe(false);
    expect(canTransition("confirmed", complete(at(END, 15 * MIN)))).toBe(false);
    expect(canTransition("confirmed", complete(at(END, 15 * MIN + 1)))).toBe(true);
    expect(nextStatus("confirmed", complete(at(END, HOUR)))).toBe("completed");
  });

  it("applies to confirmed appointments only", () => {
    expect(allowedFrom(complete(at(END, HOUR)))).toEqual(["confirmed"]);
  });
});

describe("no-show", () => {
  it("is marked by the psychologist from the start on", () => {
    expect(canTransition("confirmed", noShow(at(START, -1)))).toBe(false);
    expect(canTransition("confirmed", noShow(START))).toBe(true);
    expect(nextStatus("confirmed", noShow(at(START, 10 * MIN)))).toBe("no_show");
  });

  it("is not for anyone else", () => {
    for (const by of ["patient", "system", "admin"] as const) {
      expect(canTransition("confirmed", noShow(at(START, 10 * MIN), by))).toBe(false);
    }
  });

  it("applies to confirmed appointments only", () => {
    expect(allowedFrom(noShow(at(END, HOUR)))).toEqual(["confirmed"]);
  });
});

describe("nextStatus errors", () => {
  it("throws a typed error naming the status and the event", () => {
    try {
      nextStatus("completed", cancelBy("patient"));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(IllegalTransitionError);
      expect(error).toMatchObject({ from: "completed", event: "cancel", name: "IllegalTransitionError" });
    }
  });

  it("terminal statuses have no way out", () => {
    const events: AppointmentEvent[] = [
      paymentApproved,
      holdExpired,
      paymentFailed,
      cancelBy("patient"),
      cancelBy("admin"),
      requestReschedule,
      { type: "confirm_reschedule", paid: true },
      { type: "reject_reschedule", paid: true },
      complete(at(END, HOUR)),
      noShow(at(END, HOUR)),
    ];
    for (const status of ["completed", "cancelled", "no_show"] as const) {
      for (const event of events) expect(canTransition(status, event)).toBe(false);
    }
  });
});

describe("patient dashboard", () => {
  const before = at(END, -1);
  const after = END;

  it.each([
    ["pending_payment", before, true],
    ["pending_payment", after, true],
    ["scheduled", before, true],
    ["scheduled", after, true],
    ["confirmed", before, true],
    ["confirmed", after, false],
    ["pending", before, true],
    ["pending", after, false],
    ["pending_reschedule", before, true],
    ["pending_reschedule", after, false],
    ["completed", before, false],
    ["cancelled", before, false],
    ["no_show", before, false],
  ] as const)("%s at %s: upcoming %s", (status, now, upcoming) => {
    expect(isUpcoming({ status, endsAt: END }, now)).toBe(upcoming);
    expect(isHistory({ status, endsAt: END }, now)).toBe(!upcoming);
  });

  it("keeps a confirmed appointment upcoming while it runs", () => {
    expect(isUpcoming({ status: "confirmed", endsAt: END }, at(START, 10 * MIN))).toBe(true);
  });
});

describe("labels", () => {
  it("has the spec's pt-BR label per status", () => {
    const labels = Object.fromEntries(APPOINTMENT_STATUSES.map((s) => [s, STATUS_LABELS_PT_BR[statusLabelKey(s)]]));
    expect(labels).toEqual({
      pending_payment: "Aguardando pagamento",
      pending: "Pendente",
      scheduled: "Confirmada",
      confirmed: "Confirmada",
      pending_reschedule: "Aguardando Reagendamento",
      completed: "Concluída",
      cancelled: "Cancelada",
      no_show: "Não Compareceu",
    });
  });

  it("uses keys that are safe i18n path segments", () => {
    for (const key of Object.values(STATUS_LABEL_KEYS)) expect(key).toMatch(/^[a-zA-Z]+$/);
  });
});

describe("refundPercent (default policy)", () => {
  it.each([
    [72, 100],
    [24.0001, 100],
    [24, 100],
    [23.9999, 50],
    [18, 50],
    [12, 50],
    [11.9999, 0],
    [1, 0],
    [0, 0],
    [-2, 0],
  ])("%d h before → %d percent", (hours, percent) => {
    expect(refundPercent(hours)).toBe(percent);
    expect(refundPercent(hours, DEFAULT_CANCELLATION_POLICY)).toBe(percent);
  });

  it("refuses a meaningless number of hours", () => {
    expect(() => refundPercent(Number.NaN)).toThrow(RangeError);
    expect(() => refundPercent(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it("follows a psychologist's own policy", () => {
    const strict: CancellationPolicy = { ...DEFAULT_CANCELLATION_POLICY, noFeeThresholdHours: 48, partialRefundThresholdHours: 24, partialRefundPercent: 30 };
    expect(refundPercent(48, strict)).toBe(100);
    expect(refundPercent(47.5, strict)).toBe(30);
    expect(refundPercent(24, strict)).toBe(30);
    expect(refundPercent(23, strict)).toBe(0);
  });

  it("a policy without a partial band goes straight from full to nothing", () => {
    const noPartial: CancellationPolicy = { ...DEFAULT_CANCELLATION_POLICY, partialRefundThresholdHours: 24 };
    expect(refundPercent(24, noPartial)).toBe(100);
    expect(refundPercent(23.99, noPartial)).toBe(0);
  });
});

describe("refundCents", () => {
  it("refunds the price, half of it or nothing", () => {
    expect(refundCents(15000, 30)).toBe(15000);
    expect(refundCents(15000, 20)).toBe(7500);
    expect(refundCents(15000, 6)).toBe(0);
  });

  it("rounds half up to the centavo", () => {
    expect(refundCents(15001, 20)).toBe(7501); // 7500.5
    expect(refundCents(9999, 12)).toBe(5000); // 4999.5
    expect(refundCents(1, 12)).toBe(1); // 0.5
    const third: CancellationPolicy = { ...DEFAULT_CANCELLATION_POLICY, partialRefundPercent: 33 };
    expect(refundCents(10001, 12, third)).toBe(3300); // 3300.33
  });

  it("refuses a price that is not whole centavos", () => {
    expect(() => refundCents(150.5, 30)).toThrow(RangeError);
    expect(() => refundCents(-1, 30)).toThrow(RangeError);
  });

  it("refunds everything when the patient is not the one cancelling", () => {
    expect(refundPercentForCancellation("patient", 2)).toBe(0);
    expect(refundPercentForCancellation("patient", 13)).toBe(50);
    expect(refundPercentForCancellation("psychologist", 2)).toBe(100);
    expect(refundPercentForCancellation("system", -1)).toBe(100);
    expect(refundPercentForCancellation("admin", 5)).toBe(100);
  });
});

describe("hoursUntil", () => {
  it("is fractional and negative after the start", () => {
    expect(hoursUntil(START, at(START, -90 * MIN))).toBe(1.5);
    expect(hoursUntil(START, at(START, 30 * MIN))).toBe(-0.5);
  });
});

describe("canReschedule", () => {
  const now = at(START, -48 * HOUR);
  const ok = { status: "confirmed" as const, rescheduleCount: 0, startsAt: START, now };

  it("allows a confirmed or scheduled appointment well ahead", () => {
    expect(canReschedule(ok)).toEqual({ allowed: true });
    expect(canReschedule({ ...ok, status: "scheduled" })).toEqual({ allowed: true });
  });

  it.each(["pending_payment", "pending", "pending_reschedule", "completed", "cancelled", "no_show"] as const)(
    "refuses status %s",
    (status) => {
      expect(canReschedule({ ...ok, status })).toEqual({ allowed: false, reason: "status" });
    },
  );

  it("allows up to 2 reschedules by default", () => {
    expect(canReschedule({ ...ok, rescheduleCount: 1 }).allowed).toBe(true);
    expect(canReschedule({ ...ok, rescheduleCount: 2 })).toEqual({ allowed: false, reason: "limit_reached", max: 2 });
    expect(canReschedule({ ...ok, rescheduleCount: 5 }).allowed).toBe(false);
  });

  it("needs at least 24 h before the start, and says how many remain", () => {
    expect(canReschedule({ ...ok, now: at(START, -24 * HOUR) }).allowed).toBe(true);
    expect(canReschedule({ ...ok, now: at(START, -24 * HOUR + 1) })).toMatchObject({ allowed: false, reason: "too_late", minHours: 24 });
    const result = canReschedule({ ...ok, now: at(START, -10 * HOUR) });
    expect(result).toEqual({ allowed: false, reason: "too_late", hoursRemaining: 10, minHours: 24 });
    expect(canReschedule({ ...ok, now: at(START, HOUR) })).toMatchObject({ reason: "too_late", hoursRemaining: -1 });
  });

  it("checks the status first, then the count, then the time", () => {
    const late = at(START, -HOUR);
    expect(canReschedule({ ...ok, status: "cancelled", rescheduleCount: 9, now: late })).toMatchObject({ reason: "status" });
    expect(canReschedule({ ...ok, rescheduleCount: 9, now: late })).toMatchObject({ reason: "limit_reached" });
  });

  it("refuses a proposed time that is not in the future", () => {
    expect(canReschedule({ ...ok, proposedStartsAt: now })).toEqual({ allowed: false, reason: "proposed_in_past" });
    expect(canReschedule({ ...ok, proposedStartsAt: at(now, -HOUR) })).toMatchObject({ reason: "proposed_in_past" });
    expect(canReschedule({ ...ok, proposedStartsAt: at(now, HOUR) })).toEqual({ allowed: true });
  });

  it("follows a psychologist's own policy", () => {
    const relaxed = { maxReschedulesPerAppointment: 3, minHoursBeforeAppointment: 6 };
    expect(canReschedule({ ...ok, rescheduleCount: 2, now: at(START, -6 * HOUR), policy: relaxed })).toEqual({ allowed: true });
    expect(canReschedule({ ...ok, rescheduleCount: 3, policy: relaxed })).toMatchObject({ reason: "limit_reached", max: 3 });
    expect(DEFAULT_RESCHEDULE_POLICY).toEqual({ maxReschedulesPerAppointment: 2, minHoursBeforeAppointment: 24 });
  });
});
