import { DEFAULT_CANCELLATION_POLICY, DEFAULT_RESCHEDULE_POLICY, type CancellationPolicy, type ReschedulePolicy } from "~/domain/appointment-status";
import { db, type Executor } from "./db.server";

/**
 * A psychologist's cancellation and reschedule policies (spec 02, sections 3
 * and 9). A save writes new active rows and keeps the old ones, because each
 * appointment points at the versions it was booked under; no row means the
 * spec's defaults.
 */

export interface PracticePolicies {
  cancellation: CancellationPolicy;
  reschedule: ReschedulePolicy;
  /** The rows in force (null: the defaults), for a booking to record. */
  cancellationPolicyId: string | null;
  reschedulePolicyId: string | null;
}

type CancellationRow = {
  id: string;
  no_fee_threshold_hours: number;
  partial_refund_threshold_hours: number;
  partial_refund_percent: number;
  medical_emergency: boolean;
  technical_issues: boolean;
  weather_conditions: boolean;
};
type RescheduleRow = { id: string; max_reschedules: number; min_hours_before: number };

function toCancellation(row: CancellationRow | undefined): CancellationPolicy {
  if (!row) return DEFAULT_CANCELLATION_POLICY;
  return {
    noFeeThresholdHours: row.no_fee_threshold_hours,
    partialRefundThresholdHours: row.partial_refund_threshold_hours,
    partialRefundPercent: row.partial_refund_percent,
    exceptions: { medicalEmergency: row.medical_emergency, technicalIssues: row.technical_issues, weatherConditions: row.weather_conditions },
  };
}

function toReschedule(row: RescheduleRow | undefined): ReschedulePolicy {
  return row ? { maxReschedulesPerAppointment: row.max_reschedules, minHoursBeforeAppointment: row.min_hours_before } : DEFAULT_RESCHEDULE_POLICY;
}

const CANCELLATION_COLUMNS = ["id", "no_fee_threshold_hours", "partial_refund_threshold_hours", "partial_refund_percent", "medical_emergency", "technical_issues", "weather_conditions"] as const;
const RESCHEDULE_COLUMNS = ["id", "max_reschedules", "min_hours_before"] as const;

/** The policies in force for new bookings. */
export async function activePolicies({ psychologistId }: { psychologistId: string }, executor: Executor = db): Promise<PracticePolicies> {
  const [cancellation, reschedule] = await Promise.all([
    executor.selectFrom("cancellation_policies").select(CANCELLATION_COLUMNS).where("psychologist_id", "=", psychologistId).where("is_active", "=", true).executeTakeFirst(),
    executor.selectFrom("reschedule_policies").select(RESCHEDULE_COLUMNS).where("psychologist_id", "=", psychologistId).where("is_active", "=", true).executeTakeFirst(),
  ]);
  return { cancellation: toCancellation(cancellation), reschedule: toReschedule(reschedule), cancellationPolicyId: cancellation?.id ?? null, reschedulePolicyId: reschedule?.id ?? null };
}

/** The versions an appointment was booked under (the defaults where it names none). */
export async function bookedPolicies(executor: Executor, ids: { cancellationPolicyId: string | null; reschedulePolicyId: string | null }) {
  const [cancellation, reschedule] = await Promise.all([
    ids.cancellationPolicyId ? executor.selectFrom("cancellation_policies").select(CANCELLATION_COLUMNS).where("id", "=", ids.cancellationPolicyId).executeTakeFirst() : undefined,
    ids.reschedulePolicyId ? executor.selectFrom("reschedule_policies").select(RESCHEDULE_COLUMNS).where("id", "=", ids.reschedulePolicyId).executeTakeFirst() : undefined,
  ]);
  return { cancellation: toCancellation(cancellation), reschedule: toReschedule(reschedule) };
}

/** Saves both policies as the new versions, in one transaction; earlier versions stay for the bookings made under them. */
export async function savePolicies({ psychologistId, cancellation, reschedule }: { psychologistId: string; cancellation: CancellationPolicy; reschedule: ReschedulePolicy }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Lock the psychologist's row so two saves at once cannot leave two active versions.
    await trx.selectFrom("psychologists").select("id").where("id", "=", psychologistId).forUpdate().executeTakeFirstOrThrow();
    await trx.updateTable("cancellation_policies").set({ is_active: false }).where("psychologist_id", "=", psychologistId).where("is_active", "=", true).execute();
    await trx.updateTable("reschedule_policies").set({ is_active: false }).where("psychologist_id", "=", psychologistId).where("is_active", "=", true).execute();
    await trx
      .insertInto("cancellation_policies")
      .values({
        psychologist_id: psychologistId,
        no_fee_threshold_hours: cancellation.noFeeThresholdHours,
        partial_refund_threshold_hours: cancellation.partialRefundThresholdHours,
        partial_refund_percent: cancellation.partialRefundPercent,
        medical_emergency: cancellation.exceptions.medicalEmergency,
        technical_issues: cancellation.exceptions.technicalIssues,
        weather_conditions: cancellation.exceptions.weatherConditions,
      })
      .execute();
    await trx
      .insertInto("reschedule_policies")
      .values({
        psychologist_id: psychologistId,
        max_reschedules: reschedule.maxReschedulesPerAppointment,
        min_hours_before: reschedule.minHoursBeforeAppointment,
        medical_emergency: cancellation.exceptions.medicalEmergency,
        technical_issues: cancellation.exceptions.technicalIssues,
        weather_conditions: cancellation.exceptions.weatherConditions,
      })
      .execute();
  });
}
