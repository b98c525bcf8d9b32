import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { z } from "zod";
import { toPracticePeriod } from "~/domain/practice-period";
import { pageTranslations } from "~/i18n/i18n.server";
import { audit } from "~/models/audit.server";
import type { TFunction } from "~/i18n/translate";
import { feedStatus, generateFeed } from "~/services/calendar-feed.server";
import { practiceOverview } from "~/services/practice-overview.server";
import type { PsychologistSessionUser } from "~/services/session.server";

/** The overview tab's server half: the period's figures and the calendar subscription card. */

export async function overviewTabData(request: Request, user: PsychologistSessionUser) {
  const { translations } = await pageTranslations(request, ["practice"]);
  const period = toPracticePeriod(new URL(request.url).searchParams.get("period"));
  const [overview, feed] = await Promise.all([practiceOverview({ psychologistId: user.psychologistId, timeZone: user.psychologistTimeZone }, period), feedStatus(user.psychologistId)]);
  // The revenue cards are a money read (ADR 016): one row per view, as the billing tab writes.
  await audit({ actor: { userId: user.id, role: user.role }, action: "billing.read", subject: { type: "psychologist", id: user.psychologistId }, details: { view: "overview", period } });
  return { translations, overview, feed };
}

/** The tab's one form: a new calendar subscription link. */
export function overviewActionSchema(t: TFunction) {
  return z.object({ intent: z.literal("generate-feed", { errorMap: () => ({ message: t("unknownIntent") }) }) });
}

export async function overviewAction(request: Request, user: PsychologistSessionUser) {
  const { t } = await pageTranslations(request, ["practice"]);
  const submission = parseWithZod(await request.formData(), { schema: overviewActionSchema(t) });
  if (submission.status !== "success") return data({ feedUrl: null, error: t("unknownIntent") }, { status: 400 });
  // Shown once, here: only its hash is kept.
  return { feedUrl: await generateFeed(user.psychologistId), error: null };
}
