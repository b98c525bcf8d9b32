import { VIDEO_WINDOW_TAIL_MINUTES } from "./video-access";

/**
 * The appointment state machine (spec 02, section 4; DESIGN.md "Money and
 * video flow"), the patient dashboard's split into upcoming and history, and
 * the cancellation and reschedule policies (spec 02, section 9). Pure: every
 * clock reading is passed in.
 */

export const APPOINTMENT_STATUSES = [
  "pending_payment",
  "pending",
  "scheduled",
  "confirmed",
  "pending_reschedule",
  "completed",
  "cancelled",
  "no_show",
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export type Actor = "patient" | "psychologist" | "system" | "admin";

/**
 * Statuses that keep the slot taken. Must stay equal to the WHERE clause of
 * the exclusion constraints in db/migrations/0001_core.ts (a test reads it).
 */
export const SLOT_HOLDING_STATUSES = [
  "pending_payment",
  "pending",
  "scheduled",
  "confirmed",
  "pending_reschedule",
] as const satisfies readonly AppointmentStatus[];

export function holdsSlot(status: AppointmentStatus): boolean {
  return (SLOT_HOLDING_STATUSES as readonly AppointmentStatus[]).includes(status);
}

export const TERMINAL_STATUSES = ["completed", "cancelled", "no_show"] as const satisfies readonly AppointmentStatus[];

export function isTerminal(status: AppointmentStatus): boolean {
  return (TERMINAL_STATUSES as readonly AppointmentStatus[]).includes(status);
}

// ---------------------------------------------------------------------------
// Transitions

export type AppointmentEvent =
  | { type: "payment_approved" }
  /** The checkout hold ran out (30 min) without an approved payment. */
  | { type: "hold_expired" }
  | { type: "payment_failed" }
  | { type: "cancel"; by: Actor }
  /** A psychologist proposes a new time, a patient requests one (spec 02, section 6). */
  | { type: "request_reschedule"; by: "patient" | "psychologist" }
  /** `paid` says where the appointment returns: a paid one to confirmed, else scheduled. */
  | { type: "confirm_reschedule"; paid: boolean }
  | { type: "reject_reschedule"; paid: boolean }
  | { type: "complete"; now: Date; endsAt: Date }
  | { type: "mark_no_show"; by: Actor; now: Date; startsAt: Date };

export type AppointmentEventType = AppointmentEvent["type"];

export class IllegalTransitionError extends Error {
  constructor(
    readonly from: AppointmentStatus,
    readonly event: AppointmentEventType,
  ) {
    super(`Illegal appointment transition: ${event} from ${from}`);
    this.name = "IllegalTransitionError";
  }
}

const CANCELLABLE: readonly AppointmentStatus[] = ["scheduled", "pending_reschedule", "confirmed"];
const RESCHEDULABLE: readonly AppointmentStatus[] = ["scheduled", "confirmed"];

/** Completion waits for the video window to close, so no one is pushed out of a running call. */
export function completableAfter(endsAt: Date): Date {
  return new Date(endsAt.getTime() + VIDEO_WINDOW_TAIL_MINUTES * 60_000);
}

/** The status the event leads to, or null when the event is not allowed from `status`. */
function target(status: AppointmentStatus, event: AppointmentEvent): AppointmentStatus | null {
  switch (event.type) {
    case "payment_approved":
      return status === "pending_payment" || status === "pending" ? "confirmed" : null;
    case "hold_expired":
    case "payment_failed":
      return status === "pending_payment" ? "cancelled" : null;
    case "cancel":
      if (CANCELLABLE.includes(status)) return "cancelled";
      // Only the patient walks away from an unpaid booking; the system does it through hold_expired.
      return status === "pending_payment" && event.by === "patient" ? "cancelled" : null;
    case "request_reschedule":
      return RESCHEDULABLE.includes(status) ? "pending_reschedule" : null;
    case "confirm_reschedule":
    case "reject_reschedule":
      // A paid appointment returns to confirmed: 'scheduled' would lock it out of the video call.
      return status === "pending_reschedule" ? (event.paid ? "confirmed" : "scheduled") : null;
    case "complete":
      return status === "confirmed" && event.now.getTime() > completableAfter(event.endsAt).getTime()
        ? "completed"
        : null;
    case "mark_no_show":
      return status === "confirmed" && event.by === "psychologist" && event.now.getTime() >= event.startsAt.getTime()
        ? "no_show"
        : null;
  }
}

export function canTransition(status: AppointmentStatus, event: AppointmentEvent): boolean {
  return target(status, event) !== null;
}

/** The next status; throws IllegalTransitionError when the event is not allowed. */
export function nextStatus(status: AppointmentStatus, event: AppointmentEvent): AppointmentStatus {
  const next = target(status, event);
  if (next === null) throw new IllegalTransitionError(status, event.type);
  return next;
}

/** Who the `cancelled_by` column names for an event that cancels; null for the others. */
export function cancelledByOf(event: AppointmentEvent): Actor | null {
  switch (event.type) {
    case "cancel":
      return event.by;
    case "hold_expired":
    case "payment_failed":
      return "system";
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------
// Patient dashboard

export interface DashboardAppointment {
  status: AppointmentStatus;
  endsAt: Date;
}

const UPCOMING_ALWAYS: readonly AppointmentStatus[] = ["scheduled", "pending_payment"];
const UPCOMING_UNTIL_ENDED: readonly AppointmentStatus[] = ["confirmed", "pending", "pending_reschedule"];

/** 'Próximas': scheduled or awaiting payment, or confirmed/pending/awaiting reschedule and not yet ended. */
export function isUpcoming(appointment: DashboardAppointment, now: Date): boolean {
  if (UPCOMING_ALWAYS.includes(appointment.status)) return true;
  return UPCOMING_UNTIL_ENDED.includes(appointment.status) && appointment.endsAt.getTime() > now.getTime();
}

/** 'Histórico': completed, cancelled, no-show, or ended. Exactly the complement of isUpcoming. */
export function isHistory(appointment: DashboardAppointment, now: Date): boolean {
  return !isUpcoming(appointment, now);
}

// ---------------------------------------------------------------------------
// Labels

/**
 * A stable i18n key suffix per status (e.g. `appointments.status.${key}`).
 * 'scheduled' shares 'Confirmada' with confirmed, as in the spec.
 */
export const STATUS_LABEL_KEYS = {
  pending_payment: "awaitingPayment",
  pending: "pending",
  scheduled: "confirmed",
  confirmed: "confirmed",
  pending_reschedule: "awaitingReschedule",
  completed: "completed",
  cancelled: "cancelled",
  no_show: "noShow",
} as const satisfies Record<AppointmentStatus, string>;
export type StatusLabelKey = (typeof STATUS_LABEL_KEYS)[AppointmentStatus];

/** The spec's pt-BR labels, per key: the source for public/locales/pt-BR. */
export const STATUS_LABELS_PT_BR: Record<StatusLabelKey, string> = {
  awaitingPayment: "Aguardando pagamento",
  pending: "Pendente",
  confirmed: "Confirmada",
  awaitingReschedule: "Aguardando Reagendamento",
  completed: "Concluída",
  cancelled: "Cancelada",
  noShow: "Não Compareceu",
};

export function statusLabelKey(status: AppointmentStatus): StatusLabelKey {
  return STATUS_LABEL_KEYS[status];
}

// ---------------------------------------------------------------------------
// Cancellation policy (spec 02, section 9)

export interface CancellationPolicy {
  /** At or beyond this many hours before the start: full refund. */
  noFeeThresholdHours: number;
  /** From this many hours up to noFeeThresholdHours: partialRefundPercent. Below it: nothing. */
  partialRefundThresholdHours: number;
  partialRefundPercent: number;
  /** Kept from the spec's policy record; what each exception grants is decided case by case. */
  exceptions: { medicalEmergency: boolean; technicalIssues: boolean; weatherConditions: boolean };
}

export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = {
  noFeeThresholdHours: 24,
  partialRefundThresholdHours: 12,
  partialRefundPercent: 50,
  exceptions: { medicalEmergency: true, technicalIssues: true, weatherConditions: true },
};

const HOUR_MS = 3_600_000;

/** Hours from `now` to the start, fractional; negative once it has started. */
export function hoursUntil(startsAt: Date, now: Date): number {
  return (startsAt.getTime() - now.getTime()) / HOUR_MS;
}

function assertFinite(value: number, name: string) {
  if (!Number.isFinite(value)) throw new RangeError(`${name} must be a finite number`);
}

/** 100, the partial percentage, or 0: the three values the spec shows. */
export function refundPercent(hoursBefore: number, policy: CancellationPolicy = DEFAULT_CANCELLATION_POLICY): number {
  assertFinite(hoursBefore, "hoursBefore");
  if (hoursBefore >= policy.noFeeThresholdHours) return 100;
  if (hoursBefore >= policy.partialRefundThresholdHours) return policy.partialRefundPercent;
  return 0;
}

/** The refund in centavos, rounded half up to the centavo. */
export function refundCents(
  priceCents: number,
  hoursBefore: number,
  policy: CancellationPolicy = DEFAULT_CANCELLATION_POLICY,
): number {
  if (!Number.isInteger(priceCents) || priceCents < 0) throw new RangeError("priceCents must be a non-negative integer");
  return Math.round((priceCents * refundPercent(hoursBefore, policy)) / 100);
}

/**
 * The policy protects the psychologist's time from late patient cancellations;
 * when anyone else cancels, the patient is not at fault and gets everything back.
 */
export function refundPercentForCancellation(
  by: Actor,
  hoursBefore: number,
  policy: CancellationPolicy = DEFAULT_CANCELLATION_POLICY,
): number {
  return by === "patient" ? refundPercent(hoursBefore, policy) : 100;
}

// ---------------------------------------------------------------------------
// Reschedule policy (spec 02, sections 5 and 9)

export interface ReschedulePolicy {
  maxReschedulesPerAppointment: number;
  minHoursBeforeAppointment: number;
}

export const DEFAULT_RESCHEDULE_POLICY: ReschedulePolicy = {
  maxReschedulesPerAppointment: 2,
  minHoursBeforeAppointment: 24,
};

export type RescheduleDenial =
  /** Only scheduled or confirmed appointments can be rescheduled. */
  | { allowed: false; reason: "status" }
  | { allowed: false; reason: "limit_reached"; max: number }
  /** 'Reagendamento não permitido', with the hours that remain. */
  | { allowed: false; reason: "too_late"; hoursRemaining: number; minHours: number }
  /** The proposed new start is not in the future. */
  | { allowed: false; reason: "proposed_in_past" };

export type RescheduleCheck = { allowed: true } | RescheduleDenial;

export interface RescheduleRequest {
  status: AppointmentStatus;
  /** reschedule_count of the appointment: reschedules already confirmed. */
  rescheduleCount: number;
  startsAt: Date;
  now: Date;
  proposedStartsAt?: Date;
  policy?: ReschedulePolicy;
}

export function canReschedule(request: RescheduleRequest): RescheduleCheck {
  const policy = request.policy ?? DEFAULT_RESCHEDULE_POLICY;
  if (!RESCHEDULABLE.includes(request.status)) return { allowed: false, reason: "status" };
  if (request.rescheduleCount >= policy.maxReschedulesPerAppointment) {
    return { allowed: false, reason: "limit_reached", max: policy.maxReschedulesPerAppointment };
  }
  const hoursRemaining = hoursUntil(request.startsAt, request.now);
  if (hoursRemaining < policy.minHoursBeforeAppointment) {
    return { allowed: false, reason: "too_late", hoursRemaining, minHours: policy.minHoursBeforeAppointment };
  }
  if (request.proposedStartsAt && request.proposedStartsAt.getTime() <= request.now.getTime()) {
    return { allowed: false, reason: "proposed_in_past" };
  }
  return { allowed: true };
}
