import { getFixedT } from "~/i18n/i18n.server";
import { db } from "~/models/db.server";
import { submitOwnProfileForReview, type ReviewSubmission, type SentProfile } from "~/models/psychologist-profile.server";
import { env } from "~/utils/env.server";
import type { Database } from "#db/types";
import type { Transaction } from "kysely";
import { absoluteUrl, render } from "./emails.server";
import { queueMail } from "./mail.server";

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

/** In Portuguese, as the platform's other alerts to administrators (an address in ADMIN_EMAILS has no account language). */
async function queueReviewAlert(trx: Transaction<Database>, sent: SentProfile) {
  const locale = "pt-BR";
  const t = getFixedT(locale, "emails");
  const values = { name: sent.name, crp: sent.crp };
  for (const admin of env().ADMIN_EMAILS) {
    await queueMail(trx, {
      userId: null,
      to: admin,
      template: "psychologist_review_requested",
      locale,
      subject: t("reviewRequested.subject", values),
      ...render({
        locale,
        name: "",
        heading: t("reviewRequested.heading"),
        paragraphs: [t(sent.again ? "reviewRequested.bodyAgain" : "reviewRequested.body", values)],
        action: { label: t("reviewRequested.button"), url: absoluteUrl(`/admin/psychologists/${sent.psychologistId}`) },
      }),
    });
  }
}
