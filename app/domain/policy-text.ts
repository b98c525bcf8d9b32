import type { TFunction } from "~/i18n/translate";
import type { CancellationPolicy, ReschedulePolicy } from "./appointment-status";

/**
 * The cancellation and reschedule policy as patients read it: booking step 3,
 * the cancel dialog, the reschedule page and the confirmation e-mail. Each
 * place has its own words (keys under its own namespace's `policy` group), but
 * which clauses are said comes from here, so they never disagree with each
 * other or with the refund `refundPercent` applies.
 *
 * Keys read under the group (each place has those it uses):
 * - `sentence` ({{cancellation}} and/or {{reschedule}}); `sentenceNoReschedule` ({{cancellation}}) when none is allowed;
 * - cancellation: `fullAlways`, `fullFrom`, `partialBetween` ({{percent}}, {{from}}), `partialUnder` ({{percent}}), `noneUnder`, joined by `separator`;
 * - reschedule: `rescheduleTimes`, `rescheduleNotice` ({{times}}).
 * Every key with hours or times is a plural of `count`, so '1 hora', '24 часа', 'ساعتين' read right.
 */

export type CancellationTerms = Pick<CancellationPolicy, "noFeeThresholdHours" | "partialRefundThresholdHours" | "partialRefundPercent">;

/** `t` reading the keys under `prefix` ('step3.policy'). */
export function scopedT(t: TFunction, prefix: string): TFunction {
  return (key, options) => t(`${prefix}.${key}`, options);
}

/**
 * The refund clauses, as refundPercent decides: 100 at `noFee` hours or more,
 * the percentage from `partial` hours up to it, nothing below. A band that
 * refunds nothing, has no width, or refunds everything is not said as a band.
 */
export function cancellationTerms(policy: CancellationTerms, t: TFunction): string {
  const percent = policy.partialRefundPercent;
  // A 100% band is full refund down to its own threshold.
  const full = percent >= 100 ? policy.partialRefundThresholdHours : policy.noFeeThresholdHours;
  // Cancelling is refused once the consultation has begun, so a threshold of 0 means 'until the start'.
  if (full <= 0) return t("fullAlways");
  const band = percent > 0 && percent < 100 && policy.partialRefundThresholdHours < full;
  const clauses = [t("fullFrom", { count: full })];
  if (!band) clauses.push(t("noneUnder", { count: full }));
  else if (policy.partialRefundThresholdHours > 0) {
    clauses.push(t("partialBetween", { count: full, from: policy.partialRefundThresholdHours, percent }));
    clauses.push(t("noneUnder", { count: policy.partialRefundThresholdHours }));
  } else clauses.push(t("partialUnder", { count: full, percent }));
  return clauses.join(t("separator"));
}

/** 'até 2 vezes, com pelo menos 24 horas de antecedência'; with no minimum, only the limit (canReschedule then allows it up to the start). */
export function rescheduleTerms(policy: ReschedulePolicy, t: TFunction): string {
  const times = t("rescheduleTimes", { count: policy.maxReschedulesPerAppointment });
  return policy.minHoursBeforeAppointment > 0 ? t("rescheduleNotice", { count: policy.minHoursBeforeAppointment, times }) : times;
}

/** The whole sentence of one place: its cancellation terms, its reschedule terms, or both. */
export function policySentence(policies: { cancellation?: CancellationTerms; reschedule?: ReschedulePolicy }, t: TFunction): string {
  const cancellation = policies.cancellation ? cancellationTerms(policies.cancellation, t) : undefined;
  if (policies.reschedule && policies.reschedule.maxReschedulesPerAppointment <= 0) return t("sentenceNoReschedule", { cancellation });
  const reschedule = policies.reschedule ? rescheduleTerms(policies.reschedule, t) : undefined;
  return t("sentence", { cancellation, reschedule });
}
