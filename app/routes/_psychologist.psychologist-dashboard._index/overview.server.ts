import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { toPracticePeriod } from "~/domain/practice-period";
import { pageTranslations } from "~/i18n/i18n.server";
import { audit } from "~/models/audit.server";
import type { TFunction } from "~/i18n/translate";
import { feedStatus, generateFeed } from "~/services/calendar-feed.server";
import { feedLinkCookie, takeFeedLink } from "~/services/feed-link-flash.server";
import { practiceOverview } from "~/services/practice-overview.server";
import type { PsychologistSessionUser } from "~/services/session.server";
import { log } from "~/utils/logger.server";
import { zoneName } from "~/utils/zoned-time";

/**
 * The overview tab's server half: the period's figures and the calendar
 * subscription card. A failed read shows the spec's 'Erro ao carregar
 * métricas' with a retry instead of the error page; the card, which needs
 * only its own row, still shows when that row was read.
 */

export async function overviewTabData(request: Request, user: PsychologistSessionUser) {
  const { translations, locale, t } = await pageTranslations(request, ["practice"]);
  const psychologistId = user.psychologistId;
  const period = toPracticePeriod(new URL(request.url).searchParams.get("period"));
  const [figures, feed] = await Promise.allSettled([practiceOverview({ psychologistId, timeZone: user.psychologistTimeZone, locale }, period), feedStatus(psychologistId)]);
  if (feed.status === "rejected") log().error({ err: feed.reason, psychologistId }, "overview calendar feed failed to load");
  // A link made by the form just before the redirect here: shown on this page only.
  const { url: feedUrl, setCookie } = await takeFeedLink(request, user.id);
  // The link's date is a day of the psychologist's calendar, not the server's.
  // The zone named as the agenda names it ('Horário Padrão de Brasília'), never its id 'America/Sao_Paulo'.
  const base = { translations, period, timeZone: user.psychologistTimeZone, zoneLabel: zoneName(new Date(), locale, user.psychologistTimeZone), feedLoaded: feed.status === "fulfilled", feed: feed.status === "fulfilled" ? feed.value : null, feedUrl };
  const init = setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined;
  try {
    if (figures.status === "rejected") throw figures.reason;
    // The revenue cards are a money read (ADR 016): one row per view, as the billing tab writes. No figures leave without it.
    await audit({ actor: { userId: user.id, role: user.role }, action: "billing.read", subject: { type: "psychologist", id: psychologistId }, details: { view: "overview", period } });
    return data({ ...base, error: null, overview: figures.value }, init);
  } catch (error) {
    log().error({ err: error, psychologistId }, "overview tab failed to load");
    return data({ ...base, error: t("overview.loadError"), overview: null }, init);
  }
}

/** The tab's one form: a new calendar subscription link. */
function overviewActionSchema(t: TFunction) {
  return z.object({ intent: z.literal("generate-feed", { errorMap: () => ({ message: t("unknownIntent") }) }) });
}

export async function overviewAction(request: Request, user: PsychologistSessionUser) {
  const { t } = await pageTranslations(request, ["practice"]);
  const submission = parseWithZod(await request.formData(), { schema: overviewActionSchema(t) });
  if (submission.status !== "success") return data({ error: t("unknownIntent") }, { status: 400 });
  const url = await generateFeed(user.psychologistId);
  // Post/redirect/get: a reload or Back must not make another link, revoking the one just copied.
  // Only its hash is kept, so the link rides to the next page in a one-time cookie and is shown there once.
  const next = new URL(request.url);
  next.searchParams.delete("index");
  return redirect(next.pathname + next.search, { status: 303, headers: { "Set-Cookie": await feedLinkCookie(url, user.id) } });
}
