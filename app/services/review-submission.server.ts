import type { Transaction } from "kysely";
import { getFixedT } from "~/i18n/i18n.server";
import { db } from "~/models/db.server";
import { submitOwnProfileForReview, type ReviewSubmission, type SentProfile } from "~/models/psychologist-profile.server";
import type { Database } from "#db/types";
import { ADMIN_ALERT_LOCALE, queueAdminAlert } from "./admin-alerts.server";
import { absoluteUrl } from "./emails.server";

/**
 * A psychologist sends the profile for review: it joins the admin's queue and
 * every administrator is told by e-mail, in one transaction (a directory
 * stays empty while profiles wait unseen).
 */
export async function sendProfileForReview(userId: string, now = new Date()): Promise<ReviewSubmission> {
  return db.transaction().execute(async (trx) => {
    const submitted = await submitOwnProfileForReview(trx, userId, now);
    if (submitted.ok) await queueReviewAlert(trx, submitted.sent);
    return submitted;
  });
}

async function queueReviewAlert(trx: Transaction<Database>, sent: SentProfile) {
  const t = getFixedT(ADMIN_ALERT_LOCALE, "emails");
  const values = { name: sent.name, crp: sent.crp };
  await queueAdminAlert(trx, {
    template: "psychologist_review_requested",
    subject: t("reviewRequested.subject", values),
    heading: t("reviewRequested.heading"),
    paragraphs: [t(sent.again ? "reviewRequested.bodyAgain" : "reviewRequested.body", values)],
    action: { label: t("reviewRequested.button"), url: absoluteUrl(`/admin/psychologists/${sent.psychologistId}`) },
  });
}
