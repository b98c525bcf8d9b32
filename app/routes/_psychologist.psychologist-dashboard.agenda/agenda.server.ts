import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { z } from "zod";
import { daySummary, isDate, isMonth, monthGrid, shiftMonth, slotLabels, TIME_OPTIONS, minutesToTime, timeToMinutes } from "~/domain/agenda";
import { addDays, dateInZone, SLOT_GRID_MINUTES, startOfDayInZone } from "~/domain/slots";
import { rotateWeek, weekdaysInOrder } from "~/domain/week-start";
import type { TFunction } from "~/i18n/translate";
import { pageTranslations } from "~/i18n/i18n.server";
import { datedBlocks, daysOffAndBookings, weeklyBlocks } from "~/models/agenda.server";
import { PRACTICE_BRAZIL_ZONES, utcOffsetLabel } from "~/domain/time-zones";
import { addDatedBlock, addWeeklyBlock, changePracticeTimeZone, removeDatedBlock, removeWeeklyBlock, setDayOff, type AgendaOutcome } from "~/services/agenda.server";
import type { PsychologistSessionUser } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { answerUnexpected } from "~/services/unexpected-error.server";
import { formatList, formatLongDate, formatTime } from "~/utils/format";
import { listedTimeZones, supportedTimeZone } from "~/services/viewer-time-zone.server";
import { log } from "~/utils/logger.server";
import { monthLabel, weekdayHeadings, weekdayLabels } from "~/utils/month-labels";
import { currentZoneId, zoneName as zoneLongName } from "~/utils/zoned-time";

/** The agenda tab's server half: the month, the chosen day, the weekly pattern, the practice's zone, and the forms that change them. */

/**
 * The practice zone's choices: Brazil's first, as 'Manaus (UTC−04:00)', then every other zone the runtime knows
 * (and the current one, should the runtime not list it: the select never shows another zone as chosen).
 */
function zoneChoices(t: TFunction, current: string, now: Date) {
  const brazil = new Set<string>(PRACTICE_BRAZIL_ZONES.map(({ zone }) => zone));
  const others = listedTimeZones().filter((zone) => !brazil.has(zone));
  return {
    brazil: PRACTICE_BRAZIL_ZONES.map(({ zone, city }) => ({ zone, label: t("practiceZone.option", { city, offset: utcOffsetLabel(zone, now) }) })),
    others: brazil.has(current) || others.includes(current) ? others : [current, ...others],
  };
}

/** How a zone is named in the toast: its city for Brazil's, else the IANA name without underscores. */
function zoneName(zone: string): string {
  return PRACTICE_BRAZIL_ZONES.find((choice) => choice.zone === zone)?.city ?? currentZoneId(zone).replace(/_/g, " ");
}

export async function agendaTabData(request: Request, user: PsychologistSessionUser) {
  const { translations, locale, t } = await pageTranslations(request, ["agenda"]);
  const psychologistId = user.psychologistId;
  const url = new URL(request.url);
  const timeZone = user.psychologistTimeZone;
  const today = dateInZone(new Date(), timeZone);
  const selected = isDate(url.searchParams.get("date")) ? url.searchParams.get("date")! : today;
  const month = isMonth(url.searchParams.get("month")) ? url.searchParams.get("month")! : selected.slice(0, 7);
  const weeks = monthGrid(month, locale);
  const from = weeks[0]![0]!.date;
  const to = weeks.at(-1)!.at(-1)!.date;
  let weekly: Awaited<ReturnType<typeof weeklyBlocks>>;
  let dated: Awaited<ReturnType<typeof datedBlocks>>;
  let off: Awaited<ReturnType<typeof daysOffAndBookings>>;
  const range = { psychologistId, from: from < selected ? from : selected, to: to > selected ? to : selected };
  try {
    [weekly, dated, off] = await Promise.all([
      weeklyBlocks({ psychologistId }),
      datedBlocks(range),
      // The month's days off and the consultations booked on the chosen day (its bounds in the practice's zone): one statement.
      daysOffAndBookings({ ...range, dayStart: startOfDayInZone(selected, timeZone), dayEnd: startOfDayInZone(addDays(selected, 1), timeZone) }),
    ]);
  } catch (error) {
    // The spec's 'Erro ao carregar horários disponíveis' with a retry, not the error page; no half-empty agenda that looks free.
    log().error({ err: error, psychologistId }, "agenda tab failed to load");
    return { translations, timeZone, zoneLabel: zoneLongName(new Date(), locale, timeZone), error: t("errors.load") } as const;
  }

  const daysOff = off.daysOff;
  const days = weeks.map((week) =>
    week.map((day) => {
      const summary = daySummary(weekly, dated, day.date, daysOff);
      return { ...day, past: day.date < today, today: day.date === today, off: daysOff.includes(day.date), periods: summary.periods.length, slots: summary.slots };
    }),
  );
  const summary = daySummary(weekly, dated, selected, daysOff);
  const selectedOff = daysOff.includes(selected);
  return {
    translations,
    timeZone,
    // Named as the consultations tab names it ('Horário de Brasília'), not by its IANA id.
    zoneLabel: zoneLongName(new Date(), locale, timeZone),
    error: null,
    today,
    month,
    previousMonth: shiftMonth(month, -1),
    nextMonth: shiftMonth(month, 1),
    monthLabel: monthLabel(month, locale),
    // The month's columns and the weekly pattern run from the locale's first day of the week (ADR 030); the
    // names stay indexed by the stored weekday (0 = Sunday).
    weekdayHeadings: rotateWeek(weekdayHeadings(locale), locale),
    weekdayNames: weekdayLabels(locale),
    weeks: days,
    selected: {
      date: selected,
      label: formatLongDate(`${selected}T12:00:00Z`, locale, "UTC") ?? selected,
      past: selected < today,
      dated: dated.filter((block) => block.date === selected).map((block) => ({ id: block.id, start: block.startTime.slice(0, 5), end: block.endTime.slice(0, 5) })),
      off: selectedOff,
      // Consultations booked that day: a day off leaves them booked, and the notice says how many.
      booked: off.booked,
      // On a day off the weekly pattern's blocks are not that day's periods.
      weekly: weekly
        .filter((block) => !selectedOff && block.weekday === new Date(`${selected}T12:00:00Z`).getUTCDay())
        .map((block) => ({ id: block.id, start: block.startTime.slice(0, 5), end: block.endTime.slice(0, 5) })),
      periods: summary.periods.length,
      slots: summary.slots,
      slotLabels: slotLabels(summary.periods),
      periodLabels: summary.periods.map((period) => `${minutesToTime(period.start)} - ${minutesToTime(Math.min(period.end, 1439))}`),
    },
    weekly: weekdaysInOrder(locale).map((weekday) => ({
      weekday,
      blocks: weekly.filter((block) => block.weekday === weekday).map((block) => ({ id: block.id, start: block.startTime.slice(0, 5), end: block.endTime.slice(0, 5) })),
    })),
    timeOptions: TIME_OPTIONS,
    zones: zoneChoices(t, timeZone, new Date()),
    adding: url.searchParams.get("add") === "1",
  };
}

const PROBLEM_STATUS: Record<string, number> = { past_day_off: 400, invalid_time_zone: 400, missing: 400, no_date: 400, invalid_date: 400, not_on_grid: 400, start_after_end: 400, past: 400, conflict: 409, holds_appointments: 409, not_found: 404 };

/**
 * The agenda's seven forms (four for blocks, two for a day off, one for the practice's zone). Only shapes are checked here (a day that exists, a
 * time on the grid, a uuid), so nothing malformed reaches SQL; what depends on
 * the agenda (overlaps, the past, booked consultations) is the service's.
 * Empty fields stay optional: checkBlock says which one is missing, as before.
 */
function agendaActionSchema(t: TFunction) {
  const time = z
    .string()
    .trim()
    .refine((value) => (timeToMinutes(value) ?? 1) % SLOT_GRID_MINUTES === 0, t("errors.not_on_grid"))
    .optional();
  const blockId = z.string({ required_error: t("errors.not_found") }).trim().uuid(t("errors.not_found"));
  return z.discriminatedUnion(
    "intent",
    [
      z.object({ intent: z.literal("add-block"), date: z.string().trim().refine(isDate, t("errors.invalid_date")).optional(), startTime: time, endTime: time }),
      z.object({ intent: z.literal("delete-block"), blockId }),
      z.object({
        intent: z.literal("add-weekly"),
        weekday: z.number({ required_error: t("errors.missing"), invalid_type_error: t("errors.missing") }).int(t("errors.missing")).min(0, t("errors.missing")).max(6, t("errors.missing")),
        startTime: time,
        endTime: time,
      }),
      z.object({ intent: z.literal("delete-weekly"), blockId }),
      // A day off, marked or undone: the day the page shows (the past is the service's to refuse, in the practice's zone).
      ...(["add-day-off", "remove-day-off"] as const).map((intent) =>
        z.object({ intent: z.literal(intent), date: z.string({ required_error: t("errors.invalid_date") }).trim().refine(isDate, t("errors.invalid_date")) }),
      ),
      z.object({
        intent: z.literal("set-time-zone"),
        // An IANA zone the runtime knows, spelt exactly as it lists it (the service also asks the database).
        timeZone: z
          .string({ required_error: t("errors.invalid_time_zone") })
          .trim()
          .refine((value) => supportedTimeZone(value) === value, t("errors.invalid_time_zone")),
      }),
    ],
    { errorMap: (issue, ctx) => ({ message: issue.code === "invalid_union_discriminator" ? t("errors.unknownIntent") : ctx.defaultError }) },
  );
}

export async function agendaAction(request: Request, user: PsychologistSessionUser) {
  const { t, locale } = await pageTranslations(request, ["agenda"]);
  const psychologistId = user.psychologistId;
  const submission = parseWithZod(await request.formData(), { schema: agendaActionSchema(t) });
  const back = new URL(request.url);
  back.searchParams.delete("add");
  const here = `${back.pathname}${back.search}`;

  // Every refusal of an adding form comes back with what was sent: without JavaScript the page is rendered anew and
  // would otherwise lose the day, times and weekday chosen.
  const payload = submission.payload;
  const sent = (name: string) => (typeof payload[name] === "string" ? payload[name] : undefined);
  const adding = payload.intent === "add-block" || payload.intent === "add-weekly";
  const values = adding ? { date: sent("date"), weekday: sent("weekday"), startTime: sent("startTime"), endTime: sent("endTime") } : undefined;

  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    // A block id that is no uuid names no block: the same 404 as another psychologist's.
    if (errors.blockId) throw new Response(t("errors.not_found"), { status: 404 });
    const intent = payload.intent;
    const error = Object.values(errors).flatMap((messages) => messages ?? [])[0] ?? t("errors.unknownIntent");
    return data({ error, intent: typeof intent === "string" && !errors.intent ? intent : undefined, values }, { status: 400 });
  }

  const form = submission.value;
  return answerUnexpected(
    `agenda-${form.intent}`,
    async () => {
      let outcome: AgendaOutcome;
      let success: string;
      switch (form.intent) {
        case "add-block":
          outcome = await addDatedBlock(psychologistId, { date: form.date, startTime: form.startTime, endTime: form.endTime });
          success = t("messages.blockSaved");
          break;
        case "delete-block":
          outcome = await removeDatedBlock(psychologistId, form.blockId);
          success = outcome.ok ? t("messages.blockRemoved", { period: outcome.label ?? "" }) : "";
          break;
        case "add-weekly":
          outcome = await addWeeklyBlock(psychologistId, { weekday: form.weekday, startTime: form.startTime, endTime: form.endTime });
          success = t("messages.weeklySaved");
          break;
        case "delete-weekly":
          outcome = await removeWeeklyBlock(psychologistId, form.blockId);
          success = outcome.ok ? t("messages.blockRemoved", { period: outcome.label ?? "" }) : "";
          break;
        case "add-day-off":
          outcome = await setDayOff(psychologistId, form.date, true);
          success = t("messages.dayOffSaved");
          break;
        case "remove-day-off":
          outcome = await setDayOff(psychologistId, form.date, false);
          success = t("messages.dayOffRemoved");
          break;
        case "set-time-zone":
          outcome = await changePracticeTimeZone(psychologistId, form.timeZone);
          success = t("messages.timeZoneSaved", { zone: zoneName(form.timeZone) });
          break;
      }
      if (outcome.ok) return redirectWithToast(here, { type: "success", title: success });
      if (outcome.problem === "not_found") throw new Response(t("errors.not_found"), { status: 404 });
      const timeZone = user.psychologistTimeZone;
      const error =
        outcome.problem === "holds_appointments"
          ? t("errors.holds_appointments", {
              appointments: formatList(outcome.holders.map((holder) => `${holder.firstName ?? "—"} (${formatLongDate(holder.startsAt, locale, timeZone)} ${formatTime(holder.startsAt, locale, timeZone)})`), locale),
            })
          : t(`errors.${outcome.problem}`);
      return data({ error, intent: form.intent, values }, { status: PROBLEM_STATUS[outcome.problem] ?? 400 });
    },
    // The spec's 'Erro ao salvar horário: {message}' / 'Erro ao remover período: {message}' with a generic reason (never the
    // database's words), and what was chosen, so the form comes back filled in.
    () => ({ error: t(form.intent === "set-time-zone" ? "errors.saveZone" : form.intent.endsWith("day-off") ? "errors.dayOff" : adding ? "errors.save" : "errors.remove", { message: t("errors.unexpected") }), intent: form.intent, values }),
  );
}
