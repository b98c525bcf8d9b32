import { data } from "@remix-run/node";
import { toPracticePeriod } from "~/domain/practice-period";
import { pageTranslations } from "~/i18n/i18n.server";
import { audit } from "~/models/audit.server";
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

export async function overviewAction(request: Request, user: PsychologistSessionUser) {
  const form = await request.formData();
  if (form.get("intent") !== "generate-feed") return data({ feedUrl: null, error: "Ação desconhecida." }, { status: 400 });
  // Shown once, here: only its hash is kept.
  return { feedUrl: await generateFeed(user.psychologistId), error: null };
}
