import type { AppointmentStatus } from "#db/types";

/**
 * The patients tab (spec 02, 'Patients tab'): what makes a patient active and
 * what of their data a psychologist sees. Pure, so the rules are tested
 * without a database.
 */

export const PATIENTS_PAGE_SIZE = 50;

/** 'Ativo': a consultation (paid and not cancelled) starting within this many days before now, or any time ahead. */
export const ACTIVE_DAYS = 90;

/** Consultations that count for 'Ativo': confirmed or held ones, and those awaiting a new time. Unpaid holds, cancellations and no-shows do not. */
export const ACTIVE_STATUSES = ["confirmed", "scheduled", "pending_reschedule", "completed"] as const satisfies readonly AppointmentStatus[];

/** What 'Última consulta' can be: a consultation that started and was not cancelled nor left unpaid (a no-show still took the slot). */
export const HAPPENED_STATUSES = [...ACTIVE_STATUSES, "no_show"] as const satisfies readonly AppointmentStatus[];

/** A CPF with only its middle six digits shown: 12345678909 → ***.456.789-**; null when there is none or it is not eleven digits. */
export function maskCpf(cpf: string | null | undefined): string | null {
  const digits = (cpf ?? "").replace(/\D/g, "");
  if (digits.length !== 11) return null;
  return `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`;
}
