import { activePolicies } from "~/models/policies.server";
import { hasConsent } from "~/models/profile.server";
import { data, redirect } from "@remix-run/node";
import type { TFunction } from "~/i18n/translate";
import { z } from "zod";
import { lastBookableDate } from "~/domain/booking-horizon";
import { policySentence, scopedT } from "~/domain/policy-text";
import { isOfferedDuration, priceForDuration } from "~/domain/pricing";
import { addDays, dateInZone, DAY_PERIODS, groupSlotsByPeriod, type DayPeriod } from "~/domain/slots";
import { dayOfLocaleWeek, rotateWeek } from "~/domain/week-start";
import type { Locale } from "~/i18n/config";
import { getFixedT, pageTranslations } from "~/i18n/i18n.server";
import { findBookablePsychologist, findOwnActiveHold, listBookablePsychologists, type BookablePsychologist } from "~/models/booking.server";
import { formatMoney, formatNumber } from "~/utils/format";
import { instantSchema } from "~/utils/instant";
import { formatDay, formatMonth, formatSlotRange, timeZoneLabel, weekdayNames } from "~/utils/booking-format";
import { daysWithFreeSlots, durationOptions, freeSlotsForViewerDay, isSlotFree, pricesOf } from "./availability.server";
import { pageMeta } from "./page-meta.server";
import { getSessionUser, type SessionUser } from "./session.server";
import { toastCookie } from "./toast.server";
import { viewerTimeZone } from "./viewer-time-zone.server";

/**
 * What the three booking pages show, computed on the server so the browser
 * gets plain strings: the psychologist list, the month calendar with the
 * days that have free slots, the slots of the chosen day in the viewer's
 * zone, and the summary. The selection travels in the URL (GET), so it
 * survives the round trip through the login page.
 */

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** yyyy-MM with a real month: '2026-13' sorts inside the horizon but is no calendar month. */
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** Step 1 lists at most this many psychologists. */
const LIST_LIMIT = 60;

/** Months ahead the calendar can show, after the current one (app/domain/booking-horizon.ts). */
export { BOOKING_HORIZON_MONTHS } from "~/domain/booking-horizon";
/** The spec's default session length. */
export const DEFAULT_DURATION = 50;

function isCalendarDate(value: string | null | undefined): value is string {
  if (!value || !DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

function addMonths(month: string, count: number): string {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  const shifted = new Date(Date.UTC(year, monthNumber - 1 + count, 1));
  return shifted.toISOString().slice(0, 7);
}

function lastDayOfMonth(month: string): string {
  return addDays(`${addMonths(month, 1)}-01`, -1);
}

/** A loader's redirect with a toast (302: a GET that moves on). */
async function redirectWithMessage(url: string, title: string): Promise<Response> {
  return redirect(url, { headers: { "Set-Cookie": await toastCookie({ type: "error", title }) } });
}

// ---------------------------------------------------------------------------
// Step 1

export async function bookablePsychologists(wanted: string | null, locale: Locale) {
  const rows = await listBookablePsychologists(LIST_LIMIT);
  let selectedId: string | null = null;
  if (wanted && UUID.test(wanted)) {
    const found = rows.find((row) => row.id === wanted) ?? (await findBookablePsychologist(wanted));
    if (found) {
      selectedId = found.id;
      // The chosen one first, so it is in view without scrolling.
      rows.splice(0, rows.length, found, ...rows.filter((row) => row.id !== found.id));
    }
  }
  // Labelled here: the page need not carry the whole catalog's translations.
  const catalog = getFixedT(locale, "catalog");
  const psychologists = rows.map((row) => {
    const prices = pricesOf(row);
    return {
      id: row.id,
      name: row.name,
      crp: row.crp,
      shortBio: row.shortBio,
      specialties: row.specialties.map((code) => catalog(`specialties.${code}`)),
      languages: row.languages.map((code) => catalog(`languages.${code}`)),
      rating: row.rating === null || row.totalReviews === 0 ? null : formatNumber(row.rating, locale, 1),
      price30: formatMoney(prices[30], locale),
      price60: formatMoney(prices[60], locale),
    };
  });
  return { psychologists, selectedId };
}

// ---------------------------------------------------------------------------
// The selection

export function selectionSchema(t: TFunction) {
  const required = t("errors.selectionRequired");
  return z.object({
    psychologistId: z.string({ required_error: t("errors.noPsychologist") }).regex(UUID, t("errors.invalidPsychologistId")),
    date: z.string({ required_error: required }).refine(isCalendarDate, required),
    startsAt: instantSchema(required),
    duration: z.coerce.number({ required_error: required, invalid_type_error: required }).refine(isOfferedDuration, required),
  });
}
export type Selection = z.infer<ReturnType<typeof selectionSchema>>;

/** The one message a bad selection shows: about the psychologist first, then the rest. */
export function selectionError(error: z.ZodError): string {
  const issue = error.issues.find((item) => item.path[0] === "psychologistId") ?? error.issues[0];
  return issue?.message ?? "";
}

/** Step 2 and 3: the psychologist of the URL, or the spec's way back. */
async function psychologistFromQuery(url: URL, t: TFunction): Promise<BookablePsychologist> {
  const id = url.searchParams.get("psychologistId")?.trim();
  if (!id) throw await redirectWithMessage("/schedule/step1", t("errors.noPsychologist"));
  if (!UUID.test(id)) throw await redirectWithMessage("/schedule/step1", t("errors.invalidPsychologistId"));
  const psychologist = await findBookablePsychologist(id);
  if (!psychologist) throw new Response(t("errors.psychologistNotFound"), { status: 404 });
  return psychologist;
}

// ---------------------------------------------------------------------------
// Step 2

interface CalendarDay {
  date: string;
  day: number;
  state: "past" | "available" | "unavailable";
  selected: boolean;
  href: string | null;
  label: string;
}

type SlotOption = { value: string; label: string };

export async function step2Page(request: Request) {
  const url = new URL(request.url);
  const { t, translations, locale } = await pageTranslations(request, ["booking"]);
  const psychologist = await psychologistFromQuery(url, t);
  const user = await getSessionUser(request);
  const { timeZone, source: zoneSource } = viewerTimeZone(request, user);
  const now = new Date();
  const today = dateInZone(now, timeZone);
  const thisMonth = today.slice(0, 7);
  const lastBookable = lastBookableDate(today);
  const lastMonth = lastBookable.slice(0, 7);

  const durationParam = url.searchParams.get("duration");
  const durationValid = durationParam !== null && isOfferedDuration(Number(durationParam));
  const duration = durationValid ? Number(durationParam) : DEFAULT_DURATION;
  const dateParam = url.searchParams.get("date");
  const date = isCalendarDate(dateParam) && dateParam >= today && dateParam <= lastBookable ? dateParam : null;
  const monthParam = url.searchParams.get("month");
  const month = monthParam && MONTH.test(monthParam) && monthParam >= thisMonth && monthParam <= lastMonth ? monthParam : (date?.slice(0, 7) ?? thisMonth);

  const base = { psychologistId: psychologist.id, duration: String(duration) };
  const href = (params: Record<string, string | null>) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries({ ...base, ...params })) if (value) search.set(name, value);
    return `/schedule/step2?${search}`;
  };

  // The month: weeks from the locale's first day of the week (ADR 030), days with a free slot marked.
  const firstDate = `${month}-01`;
  const lastDate = lastDayOfMonth(month);
  const free =
    lastDate < today
      ? new Set<string>()
      : await daysWithFreeSlots(psychologist, { firstDate: firstDate < today ? today : firstDate, lastDate, viewerTimeZone: timeZone, durationMinutes: duration, now });
  const cells: (CalendarDay | null)[] = Array.from({ length: dayOfLocaleWeek(firstDate, locale) }, () => null);
  for (let day = firstDate; day <= lastDate; day = addDays(day, 1)) {
    const state = day < today ? "past" : free.has(day) ? "available" : "unavailable";
    cells.push({
      date: day,
      day: Number(day.slice(8)),
      state,
      selected: day === date,
      href: state === "past" ? null : href({ month, date: day }),
      label: `${formatDay(day, locale)}, ${t(`step2.${state}`)}`,
    });
  }
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, index) => cells.slice(index * 7, index * 7 + 7));

  // The chosen day's slots, in the viewer's zone.
  const slots = date ? await freeSlotsForViewerDay(psychologist, { date, viewerTimeZone: timeZone, durationMinutes: duration, now }) : [];
  const grouped = groupSlotsByPeriod(slots, timeZone);
  const periods = DAY_PERIODS.map((period: DayPeriod) => ({
    period,
    label: t(`step2.periods.${period}`),
    slots: grouped[period].map((slot): SlotOption => ({ value: slot.startsAt.toISOString(), label: formatSlotRange(slot.startsAt, slot.endsAt, timeZone) })),
  })).filter((group) => group.slots.length > 0);

  const prices = pricesOf(psychologist);
  const durations = durationOptions(prices).map((option) => ({
    minutes: option.minutes,
    price: formatMoney(option.priceCents, locale),
    selected: option.minutes === duration,
    href: href({ month, date, duration: String(option.minutes) }),
  }));

  const startsAtParam = url.searchParams.get("startsAt");
  const selectedSlot = startsAtParam ? slots.find((slot) => slot.startsAt.getTime() === Date.parse(startsAtParam)) : undefined;

  // 'Próximo': the whole selection, and a slot that is still free.
  let error: string | null = null;
  let status = 200;
  if (url.searchParams.has("next")) {
    if (!date || !startsAtParam || !durationValid || Number.isNaN(Date.parse(startsAtParam))) {
      error = t("errors.selectionRequired");
      status = 400;
    } else if (!selectedSlot) {
      error = t("errors.slotUnavailable");
      status = 409;
    } else {
      const next = new URLSearchParams({ psychologistId: psychologist.id, date, startsAt: selectedSlot.startsAt.toISOString(), duration: String(duration) });
      throw redirect(`/schedule/step3?${next}`);
    }
  }

  return data(
    {
      translations,
      meta: await pageMeta(request, { title: t("meta.step2Title"), noindex: true }),
      psychologist: { id: psychologist.id, name: psychologist.name },
      timeZone: { id: timeZone, label: timeZoneLabel(timeZone, locale), fromProfile: zoneSource === "profile" },
      calendar: {
        month,
        title: formatMonth(month, locale),
        weekdays: rotateWeek(weekdayNames(locale), locale),
        weeks,
        previous: month > thisMonth ? href({ month: addMonths(month, -1), date }) : null,
        next: month < lastMonth ? href({ month: addMonths(month, 1), date }) : null,
      },
      durations,
      duration,
      date,
      dateLabel: date ? formatDay(date, locale) : null,
      periods,
      selectedStartsAt: selectedSlot?.startsAt.toISOString() ?? null,
      selectedTime: selectedSlot ? formatSlotRange(selectedSlot.startsAt, selectedSlot.endsAt, timeZone) : null,
      price: formatMoney(priceForDuration(prices, duration), locale),
      backHref: `/schedule/step1?psychologistId=${psychologist.id}`,
      error,
    },
    { status },
  );
}

// ---------------------------------------------------------------------------
// Step 3

/** The summary of a selection, in the viewer's language and zone; `available` says whether the slot is still free. */
export async function step3Page(request: Request, user: SessionUser) {
  const url = new URL(request.url);
  const { t, translations, locale } = await pageTranslations(request, ["booking"]);
  const psychologist = await psychologistFromQuery(url, t);
  const parsed = selectionSchema(t).safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) {
    const search = new URLSearchParams({ psychologistId: psychologist.id });
    for (const name of ["date", "duration"]) {
      const value = url.searchParams.get(name);
      if (value) search.set(name, value);
    }
    throw await redirectWithMessage(`/schedule/step2?${search}`, selectionError(parsed.error));
  }
  const selection = parsed.data;
  const startsAt = new Date(selection.startsAt);
  const endsAt = new Date(startsAt.getTime() + selection.duration * 60_000);
  const { timeZone } = viewerTimeZone(request, user);
  const now = new Date();
  // Back from the checkout: the slot is this patient's own hold, and paying resumes it.
  const ownHold = await findOwnActiveHold(user.id, psychologist.id, startsAt, selection.duration, now);
  const available = ownHold !== undefined || (await isSlotFree(psychologist, { startsAt, durationMinutes: selection.duration, now }));
  const priceCents = priceForDuration(pricesOf(psychologist), selection.duration);
  // Shown before paying: the booking will keep the policies in force now.
  const policies = await activePolicies({ psychologistId: psychologist.id });
  const day = dateInZone(startsAt, timeZone);
  const back = new URLSearchParams({ psychologistId: psychologist.id, date: day, duration: String(selection.duration) });
  return data(
    {
      translations,
      meta: await pageMeta(request, { title: t("meta.step3Title"), noindex: true }),
      available,
      selection: { psychologistId: psychologist.id, date: selection.date, startsAt: startsAt.toISOString(), duration: String(selection.duration) },
      summary: {
        psychologist: psychologist.name,
        date: formatDay(day, locale),
        time: formatSlotRange(startsAt, endsAt, timeZone),
        timeZone: timeZoneLabel(timeZone, locale, startsAt),
        duration: selection.duration,
        price: formatMoney(priceCents, locale),
      },
      policy: policySentence(policies, scopedT(t, "step3.policy")),
      backHref: `/schedule/step2?${back}`,
      formAction: ownHold ? `/appointment/${ownHold.id}/pay` : `/schedule/step3?${url.searchParams}`,
      // LGPD art. 11: asked once, before the first booking, and recorded with the policy's version.
      needsHealthConsent: !ownHold && !(await hasConsent(user.id, "health_data")),
    },
    { status: available ? 200 : 409 },
  );
}
