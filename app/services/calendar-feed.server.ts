import { calendarFeed } from "~/domain/calendar-feed";
import { inviteSequence } from "~/domain/calendar-invite";
import { DEFAULT_LOCALE, toSupportedLocale } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { feedAppointments, feedOwner, liveFeed, replaceFeed } from "~/models/calendar-feed.server";
import { randomToken, sha256 } from "~/utils/crypto.server";
import { env } from "~/utils/env.server";

/** The private iCalendar subscription of a psychologist's practice (issue 12, item 8). */

export function feedUrl(token: string): string {
  return new URL(`/calendar/${token}.ics`, env().APP_URL).toString();
}

/** Makes a new subscription link (the old one stops working) and returns it: the only time it is shown. */
export async function generateFeed(psychologistId: string): Promise<string> {
  const token = randomToken();
  await replaceFeed({ psychologistId, tokenHash: sha256(token) });
  return feedUrl(token);
}

export async function feedStatus(psychologistId: string) {
  const feed = await liveFeed({ psychologistId });
  return feed ? { createdAt: feed.createdAt.toISOString() } : null;
}

/** The feed for a token, or null when it is unknown or revoked. */
export async function renderFeed(token: string, now = new Date()): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const owner = await feedOwner(sha256(token));
  if (!owner) return null;
  const t = getFixedT(toSupportedLocale(owner.locale) ?? DEFAULT_LOCALE, ["practice"]);
  const appointments = await feedAppointments({ psychologistId: owner.psychologistId, since: new Date(now.getTime() - 24 * 3_600_000) });
  return calendarFeed(
    appointments.map((appointment) => ({
      appointmentId: appointment.id,
      startsAt: appointment.startsAt,
      endsAt: appointment.endsAt,
      title: t("feed.title", { name: appointment.firstName || t("feed.patient") }),
      description: t(`feed.status.${appointment.status}`),
      videoUrl: new URL(`/appointment/videocall/${appointment.id}`, env().APP_URL).toString(),
      sequence: inviteSequence(appointment.rescheduleCount),
      tentative: appointment.status !== "confirmed",
    })),
    t("feed.calendarName", { name: owner.name }),
    now,
  );
}
