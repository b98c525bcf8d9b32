import { db } from "./db.server";

/** The signed-in psychologist's own row: name, review state and what review looks at. */
export function getOwnPsychologist(userId: string) {
  return db
    .selectFrom("psychologists")
    .select(["id", "name", "status", "status_reason as statusReason", "crp", "bio", "specialties", "languages", "photo_url as photoUrl", "education", "submitted_for_review_at as submittedForReviewAt"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
}
