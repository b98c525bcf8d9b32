import { parseWithZod } from "@conform-to/zod";
import type { TFunction } from "~/i18n/translate";
import { z } from "zod";
import { db } from "~/models/db.server";
import { getPatientAppointment, insertEvaluation } from "~/models/patient-appointments.server";
import { recordPracticeNotification } from "~/models/practice-notifications.server";

/**
 * A patient's evaluation of a completed appointment: one per appointment,
 * only the patient's own. The psychologist's rating follows by trigger
 * (db/migrations/0003_public.ts).
 */

export type EvaluationResult = "created" | "not_found" | "not_completed" | "already_evaluated";

export interface EvaluationInput {
  rating: number;
  comment: string;
  isAnonymous: boolean;
  publishConsent: boolean;
}

/** Whether the form may be shown: the same rules the submission checks. */
export async function evaluationTarget(patientId: string, appointmentId: string) {
  const appointment = await getPatientAppointment(patientId, appointmentId);
  if (!appointment) return { state: "not_found" as const };
  if (appointment.evaluationId) return { state: "already_evaluated" as const, appointment };
  if (appointment.status !== "completed") return { state: "not_completed" as const, appointment };
  return { state: "open" as const, appointment };
}

export async function submitEvaluation(patientId: string, appointmentId: string, input: EvaluationInput): Promise<EvaluationResult> {
  return db.transaction().execute(async (trx) => {
    const appointment = await trx
      .selectFrom("appointments")
      .select(["id", "status", "psychologist_id"])
      .where("id", "=", appointmentId)
      .where("patient_id", "=", patientId)
      .forUpdate()
      .executeTakeFirst();
    if (!appointment) return "not_found";
    if (appointment.status !== "completed") return "not_completed";
    const created = await insertEvaluation(trx, {
      appointmentId,
      psychologistId: appointment.psychologist_id,
      patientId,
      rating: input.rating,
      comment: input.comment,
      isAnonymous: input.isAnonymous,
      publishConsent: input.publishConsent,
    });
    if (!created) return "already_evaluated";
    await recordPracticeNotification(trx, appointmentId, "evaluation");
    return "created";
  });
}

/** The form's rules, with the messages in the visitor's language. */
export function evaluationSchema(t: TFunction) {
  const rating = t("evaluation.errors.rating");
  return z.object({
    rating: z.number({ required_error: rating, invalid_type_error: rating }).int(rating).min(1, rating).max(5, rating),
    comment: z.string().trim().max(2000, t("evaluation.errors.commentTooLong")).optional().default(""),
    isAnonymous: z.boolean().optional().default(false),
    publishConsent: z.boolean().optional().default(false),
  });
}

export function parseEvaluation(formData: FormData, t: TFunction) {
  return parseWithZod(formData, { schema: evaluationSchema(t) });
}
