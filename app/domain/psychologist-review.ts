import type { PsychologistStatus } from "#db/types";

/**
 * The admin's decisions on a psychologist (issue 12): approve (or reinstate),
 * reject, suspend. Pure: which change is legal from which status, and which
 * need a reason.
 */

export type ReviewAction = "approve" | "reject" | "suspend";

export const REVIEW_ACTIONS: readonly ReviewAction[] = ["approve", "reject", "suspend"];

const TRANSITIONS: Record<ReviewAction, { from: readonly PsychologistStatus[]; to: PsychologistStatus; needsReason: boolean }> = {
  // Approving a suspended or rejected psychologist is reinstating them.
  approve: { from: ["pending", "rejected", "suspended"], to: "approved", needsReason: false },
  reject: { from: ["pending"], to: "rejected", needsReason: true },
  suspend: { from: ["approved"], to: "suspended", needsReason: true },
};

export const REASON_MIN = 3;
export const REASON_MAX = 1000;

export function reviewTransition(action: ReviewAction, from: PsychologistStatus): { to: PsychologistStatus; needsReason: boolean } | null {
  const transition = TRANSITIONS[action];
  return transition.from.includes(from) ? { to: transition.to, needsReason: transition.needsReason } : null;
}

/** The actions the admin is offered for a status. */
export function availableActions(status: PsychologistStatus): ReviewAction[] {
  return REVIEW_ACTIONS.filter((action) => reviewTransition(action, status) !== null);
}

export const PSYCHOLOGIST_STATUSES: readonly PsychologistStatus[] = ["pending", "approved", "rejected", "suspended"];

export function toPsychologistStatus(value: string | null | undefined): PsychologistStatus {
  return PSYCHOLOGIST_STATUSES.includes(value as PsychologistStatus) ? (value as PsychologistStatus) : "pending";
}

/** What a profile still lacks before an admin can approve it (what the public profile shows). */
export interface ReviewableProfile {
  crp: string | null;
  bio: string | null;
  specialties: readonly string[];
  languages: readonly string[];
  photoUrl: string | null;
  education: string | null;
}

/** (Prices are never missing: a profile always has one, the platform's default until changed.) */
export type MissingField = "crp" | "bio" | "specialties" | "languages" | "photo" | "education";

export function missingForReview(profile: ReviewableProfile): MissingField[] {
  const missing: MissingField[] = [];
  if (!profile.crp?.trim()) missing.push("crp");
  if (!profile.bio?.trim()) missing.push("bio");
  if (profile.specialties.length === 0) missing.push("specialties");
  if (profile.languages.length === 0) missing.push("languages");
  if (!profile.photoUrl) missing.push("photo");
  if (!profile.education?.trim()) missing.push("education");
  return missing;
}
