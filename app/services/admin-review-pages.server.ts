import { availableActions, missingForReview, PSYCHOLOGIST_STATUSES, toPsychologistStatus } from "~/domain/psychologist-review";
import {
  countByStatus,
  futureAppointmentsOf,
  getPsychologistForReview,
  listByStatus,
  REVIEW_PAGE_SIZE,
  statusHistoryOf,
} from "~/models/psychologist-review.server";

/** What the admin's approval pages show: the queue by status, and one psychologist in full. */

const BRASILIA = "America/Sao_Paulo";

export async function reviewQueue(url: URL) {
  const status = toPsychologistStatus(url.searchParams.get("status"));
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const [counts, rows] = await Promise.all([countByStatus(), listByStatus(status, page)]);
  return {
    status,
    page,
    pages: Math.max(1, Math.ceil(counts[status] / REVIEW_PAGE_SIZE)),
    counts: PSYCHOLOGIST_STATUSES.map((value) => ({ status: value, count: counts[value] })),
    rows: rows.map((row) => ({ ...row, submittedAt: row.submittedAt.toISOString() })),
    timeZone: BRASILIA,
  };
}

export async function psychologistReview(id: string) {
  const psychologist = await getPsychologistForReview(id);
  if (!psychologist) return null;
  const [appointments, history] = await Promise.all([futureAppointmentsOf(id), statusHistoryOf(id)]);
  return {
    psychologist: { ...psychologist, submittedAt: psychologist.submittedAt.toISOString(), statusChangedAt: psychologist.statusChangedAt?.toISOString() ?? null },
    missing: missingForReview(psychologist),
    // A deleted account's profile is kept for its records, with no decision left to take on it.
    actions: psychologist.accountDeleted ? [] : availableActions(psychologist.status),
    futureAppointments: appointments.map((row) => ({ ...row, startsAt: row.startsAt.toISOString() })),
    history: history.map((row) => ({ ...row, at: row.at.toISOString() })),
    timeZone: BRASILIA,
  };
}
