import { missingForReview, reviewTransition, type MissingField, type ReviewAction } from "~/domain/psychologist-review";
import { getFixedT } from "~/i18n/i18n.server";
import { db } from "~/models/db.server";
import { audit } from "~/models/audit.server";
import { lockPsychologist, setFeatured, writeStatusChange } from "~/models/psychologist-review.server";
import { getRecipient } from "~/models/user.server";
import { purgePublicPages } from "~/utils/page-cache.server";
import { log } from "~/utils/logger.server";
import { absoluteUrl, recipientLocale, render } from "./emails.server";
import { queueMail } from "./mail.server";

/**
 * The admin approves, rejects, suspends or reinstates a psychologist: one
 * transaction writes the status, who, when and why, the history row and the
 * e-mail to the psychologist in their language. Public pages forget them at
 * once (this process's page cache; others' within its seconds).
 */

/** An approval of a profile missing what the psychologist's own page asks before review (missingForReview) names what is missing. */
export type ReviewOutcome = "changed" | "not_found" | "not_allowed" | "reason_required" | { incomplete: MissingField[] };

export async function reviewPsychologist(input: { adminId: string; psychologistId: string; action: ReviewAction; reason: string | null; now?: Date }): Promise<ReviewOutcome> {
  const now = input.now ?? new Date();
  const outcome = await db.transaction().execute(async (trx): Promise<ReviewOutcome> => {
    const psychologist = await lockPsychologist(trx, input.psychologistId);
    if (!psychologist) return "not_found";
    if (psychologist.accountDeleted) return "not_allowed";
    const transition = reviewTransition(input.action, psychologist.status);
    if (!transition) return "not_allowed";
    const reason = input.reason?.trim() || null;
    if (transition.needsReason && !reason) return "reason_required";
    if (transition.to === "approved") {
      // The rule the profile page applies before sending it for review (a CRP among it): never public incomplete.
      const missing = missingForReview(psychologist);
      if (missing.length > 0) return { incomplete: missing };
    }
    await writeStatusChange(trx, { psychologistId: psychologist.id, from: psychologist.status, to: transition.to, reason: transition.needsReason ? reason : null, adminId: input.adminId, now });
    await audit({ actor: { userId: input.adminId, role: "admin" }, action: "psychologist.review", subject: { type: "psychologist", id: psychologist.id }, details: { from: psychologist.status, to: transition.to, reason } }, trx);

    const recipient = psychologist.userId ? await getRecipient(psychologist.userId, trx) : undefined;
    const to = recipient?.email ?? psychologist.email;
    if (!to) return "changed";
    const locale = recipientLocale(recipient?.locale);
    const t = getFixedT(locale, "emails");
    // Approval after a suspension is a reinstatement: its own subject, heading and text, the approval's button.
    const reinstated = transition.to === "approved" && psychologist.status === "suspended";
    const key = `review.${transition.to}`;
    const texts = reinstated ? "review.approved.reinstated" : key;
    await queueMail(trx, {
      userId: psychologist.userId,
      to,
      template: `psychologist_${transition.to}`,
      locale,
      subject: t(`${texts}.subject`),
      ...render({
        locale,
        name: recipient?.firstName ?? psychologist.name,
        heading: t(`${texts}.heading`),
        paragraphs: [t(`${texts}.body`), ...(transition.needsReason && reason ? [t("review.reason", { reason })] : [])],
        action: { label: t(`${key}.button`), url: absoluteUrl(transition.to === "approved" ? "/psychologist-dashboard" : "/psychologist-profile") },
      }),
    });
    return "changed";
  });
  if (outcome === "changed") {
    purgePublicPages();
    log().info({ psychologistId: input.psychologistId, action: input.action, adminId: input.adminId }, "psychologist status changed");
  }
  return outcome;
}

/**
 * The admin features an approved psychologist in the home page's carousel,
 * or stops featuring them: audited; the home page shows it within the page
 * cache's lifetime (this process's cache at once).
 */
export async function featurePsychologist(input: { adminId: string; psychologistId: string; featured: boolean }): Promise<boolean> {
  const changed = await db.transaction().execute(async (trx) => {
    if (!(await setFeatured(trx, input.psychologistId, input.featured))) return false;
    await audit({ actor: { userId: input.adminId, role: "admin" }, action: "psychologist.feature", subject: { type: "psychologist", id: input.psychologistId }, details: { featured: input.featured } }, trx);
    return true;
  });
  if (changed) purgePublicPages();
  return changed;
}
