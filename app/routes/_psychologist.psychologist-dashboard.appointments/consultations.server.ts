import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { z } from "zod";
import { monthGrid, shiftMonth } from "~/domain/agenda";
import { statusLabelKey } from "~/domain/appointment-status";
import { consultationActions, hasFilters, listWindow, nextLabel, PAGE_SIZE, parseConsultationFilters, patientName } from "~/domain/practice-appointments";
import { addDays, dateInZone, startOfDayInZone } from "~/domain/slots";
import { rotateWeek } from "~/domain/week-start";
import { pageTranslations } from "~/i18n/i18n.server";
import { audit } from "~/models/audit.server";
import { consultationDays, listConsultations, nextConsultations } from "~/models/practice-appointments.server";
import { listPracticeNotifications, markAllPracticeNotificationsRead, setPracticeNotificationRead } from "~/models/practice-notifications.server";
import type { PsychologistSessionUser } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { formatLongDate, formatTime } from "~/utils/format";
import { rowIdSchema } from "~/utils/row-id";
import { monthLabel, weekdayHeadings } from "~/utils/month-labels";
import { log } from "~/utils/logger.server";
import { zoneName } from "~/utils/zoned-time";

/**
 * The consultations tab's server half (spec 02, 'Appointments tab'): the
 * calendar's marks (in the calendar view), the filtered list, the next three,
 * the notifications box, and the forms that mark notifications read. Every
 * statement is scoped by the signed-in psychologist: the list's counts and at
 * most two runs of it, the next three and the notifications (five at most),
 * and the calendar's marks in the calendar view, then one audit row for a
 * list that loaded (it shows patients' names and e-mails). The time zone
 * comes with the session. A failed read shows the spec's text with a retry in its place
 * ('Erro ao carregar dados do calendário', 'Erro ao carregar lista de
 * consultas'), never the error page.
 */

export async function consultationsTabData(request: Request, user: PsychologistSessionUser, now = new Date()) {
  const { translations, locale, t } = await pageTranslations(request, ["consultations", "appointments"]);
  const psychologistId = user.psychologistId;
  const timeZone = user.psychologistTimeZone;
  const today = dateInZone(now, timeZone);
  const filters = parseConsultationFilters(new URL(request.url).searchParams, today);

  // Settled, not all: a failed part shows the spec's text where it would be, the others still show.
  const [calendar, list, next, notifications] = await Promise.allSettled([
    // The list view shows no calendar: neither its marks nor its month are read or sent.
    filters.view === "calendar" ? monthCalendar({ psychologistId, month: filters.month, timeZone, locale, now }) : null,
    listConsultations({ psychologistId, q: filters.q, status: filters.status, window: listWindow(filters, now, timeZone, locale), page: filters.page, now, todayStart: startOfDayInZone(today, timeZone) }),
    nextConsultations({ psychologistId, now }),
    listPracticeNotifications({ psychologistId }),
  ]);
  if (calendar.status === "rejected") log().error({ err: calendar.reason, psychologistId }, "consultations calendar failed to load");
  const base = {
    translations,
    timeZone,
    zone: zoneName(now, locale, timeZone),
    today,
    filters,
    filtered: hasFilters(filters),
    dayLabel: filters.day ? formatLongDate(`${filters.day}T12:00:00Z`, locale, "UTC") : null,
    calendar: calendar.status === "fulfilled" ? calendar.value : null,
    calendarError: calendar.status === "rejected" ? t("errors.calendar") : null,
  };
  // The list, the next three and the notifications are all consultations: one failure, one text ('Erro ao carregar lista de consultas').
  const withoutList = () => ({ ...base, listError: t("errors.list"), list: null, next: null, notifications: null });
  if (list.status === "rejected" || next.status === "rejected" || notifications.status === "rejected") {
    const failure = [list, next, notifications].find((part) => part.status === "rejected") as PromiseRejectedResult;
    log().error({ err: failure.reason, psychologistId }, "consultations list failed to load");
    return withoutList();
  }
  // Who looked at which consultations' list, with which filters: one row per view that loaded; unrecorded, the list is not sent.
  try {
    await audit({
      actor: { userId: user.id, role: user.role },
      action: "appointment.list",
      subject: { type: "psychologist", id: psychologistId },
      details: { q: filters.q || null, status: filters.status, period: filters.period, day: filters.day, page: filters.page, shown: list.value.rows.length, total: list.value.total },
    });
  } catch (error) {
    log().error({ err: error, psychologistId }, "consultations list view could not be audited");
    return withoutList();
  }
  const when = (instant: Date) => ({ date: formatLongDate(instant, locale, timeZone), time: formatTime(instant, locale, timeZone) });

  return {
    ...base,
    listError: null,
    list: {
      total: list.value.total,
      page: filters.page,
      pages: Math.max(1, Math.ceil(list.value.total / PAGE_SIZE)),
      rows: list.value.rows.map((row) => {
        return {
          id: row.id,
          patient: patientName(row),
          email: row.email,
          status: statusLabelKey(row.status),
          ...when(row.startsAt),
          durationMinutes: row.durationMinutes,
          ...consultationActions(row, now),
        };
      }),
    },
    // The time as the list beside it writes it (formatTime, the app's clock in the reader's locale): '02:00 م' in both, not '14:00' here.
    next: next.value.map((row) => ({ id: row.id, patient: patientName(row), label: { ...nextLabel(row.startsAt, now, timeZone), time: formatTime(row.startsAt, locale, timeZone) ?? "" } })),
    notifications: {
      unread: notifications.value[0]?.unread ?? 0,
      items: notifications.value.map((item) => ({
        id: item.id,
        kind: item.kind,
        // An anonymous evaluation: no name, no consultation, a link to the evaluations tab.
        anonymous: item.anonymous,
        appointmentId: item.appointmentId,
        recordRequestId: item.recordRequestId,
        read: item.readAt !== null,
        patient: item.firstName ?? "",
        consultation: item.startsAt ? when(item.startsAt) : { date: null, time: null },
        at: `${formatLongDate(item.createdAt, locale, timeZone)} ${formatTime(item.createdAt, locale, timeZone)}`,
      })),
    },
  };
}

/** The calendar view's month: its weeks, each day marked with its confirmed and pending consultations. */
async function monthCalendar({ psychologistId, month, timeZone, locale, now }: { psychologistId: string; month: string; timeZone: string; locale: string; now: Date }) {
  const weeks = monthGrid(month, locale);
  const marks = await consultationDays({
    psychologistId,
    start: startOfDayInZone(weeks[0]![0]!.date, timeZone),
    end: startOfDayInZone(addDays(weeks.at(-1)!.at(-1)!.date, 1), timeZone),
    timeZone,
    now,
  });
  const byDay = new Map(marks.map((mark) => [mark.date, mark]));
  return {
    month,
    label: monthLabel(month, locale),
    previousMonth: shiftMonth(month, -1),
    nextMonth: shiftMonth(month, 1),
    // Columns from the locale's first day of the week (ADR 030), as monthGrid lays out the days.
    weekdays: rotateWeek(weekdayHeadings(locale), locale),
    weeks: weeks.map((week) => week.map((day) => ({ ...day, confirmed: byDay.get(day.date)?.confirmed ?? 0, pending: byDay.get(day.date)?.pending ?? 0, total: byDay.get(day.date)?.total ?? 0 }))),
  };
}

const notificationForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("read-notification"), id: rowIdSchema, read: z.enum(["1", "0"]) }),
  z.object({ intent: z.literal("read-all") }),
]);

export async function consultationsAction(request: Request, user: PsychologistSessionUser) {
  const { t } = await pageTranslations(request, ["consultations"]);
  const psychologistId = user.psychologistId;
  const submission = parseWithZod(await request.formData(), { schema: notificationForm });
  if (submission.status !== "success") return data({ error: t("errors.badRequest") }, { status: 400 });
  // Back to the same list, filters and all.
  const here = new URL(request.url);
  const back = `${here.pathname}${here.search}`;
  if (submission.value.intent === "read-all") {
    await markAllPracticeNotificationsRead({ psychologistId });
    return redirectWithToast(back, { type: "success", title: t("notifications.allRead") });
  }
  const changed = await setPracticeNotificationRead({ psychologistId, id: submission.value.id, read: submission.value.read === "1" });
  if (!changed) throw new Response(t("errors.notificationNotFound"), { status: 404 });
  return redirectWithToast(back, { type: "success", title: t(submission.value.read === "1" ? "notifications.markedRead" : "notifications.markedUnread") });
}
