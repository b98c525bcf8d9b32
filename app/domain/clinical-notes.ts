import type { AppointmentStatus } from "#db/types";

/**
 * Rules of the prontuário (issue 14): which consultations take a note, how
 * long a note may be, its list preview, how long it is kept and what its
 * exported file is called. Pure; the model and the routes share them.
 */

/** Consultations that happened or are booked and paid; never an unpaid hold or a cancelled slot. */
export const NOTABLE_STATUSES = ["scheduled", "confirmed", "pending_reschedule", "completed", "no_show"] as const satisfies readonly AppointmentStatus[];

export const NOTE_MAX_LENGTH = 20_000;
/** Spec 02, section 9: 'Notes preview 150 characters'. */
export const NOTE_PREVIEW_LENGTH = 150;
/** Lei 13.787/2018: the record is kept 20 years from its last entry. */
export const RETENTION_YEARS = 20;
export const RECORDS_PAGE_SIZE = 50;

export function canTakeNote(status: AppointmentStatus): boolean {
  return (NOTABLE_STATUSES as readonly AppointmentStatus[]).includes(status);
}

/** The first 150 characters on one line, with an ellipsis when cut (never in the middle of a surrogate pair). */
export function notePreview(text: string, length = NOTE_PREVIEW_LENGTH): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const chars = Array.from(flat);
  return chars.length <= length ? flat : `${chars.slice(0, length).join("").trimEnd()}…`;
}

/** Line endings as a browser submits them (CRLF) or types them: one form, so an unchanged text compares equal. */
export function normalizeNote(text: string): string {
  return text.replace(/\r\n?/g, "\n");
}

export function retainUntil(lastEntry: Date): Date {
  const until = new Date(lastEntry);
  until.setUTCFullYear(until.getUTCFullYear() + RETENTION_YEARS);
  return until;
}

export function slugify(value: string): string {
  return (
    value
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "paciente"
  );
}
