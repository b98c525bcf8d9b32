import type { AppointmentStatus } from "#db/types";
import { isDate, isMonth, shiftMonth } from "./agenda";
import { canTransition } from "./appointment-status";
import { cancellationRefusal } from "./cancellation";
import { videoCardState } from "./video-access";
import { addDays, dateInZone, startOfDayInZone } from "./slots";
import { startOfWeek } from "./week-start";

/**
 * The psychologist's consultations tab (spec 02, 'Appointments tab'): what
 * its GET parameters mean, and the labels of the next-three panel. Pure, so
 * the list's rules are tested without a database.
 */

/** The spec's seven status filters, each as the statuses it shows. */
export const STATUS_FILTERS = {
  all: null,
  confirmed: ["confirmed", "scheduled"],
  pending: ["pending_payment", "pending"],
  completed: ["completed"],
  cancelled: ["cancelled"],
  no_show: ["no_show"],
  pending_reschedule: ["pending_reschedule"],
} as const satisfies Record<string, readonly AppointmentStatus[] | null>;
export type StatusFilter = keyof typeof STATUS_FILTERS;

export const LIST_PERIODS = ["all", "today", "week", "month"] as const;
export type ListPeriod = (typeof LIST_PERIODS)[number];

export const PAGE_SIZE = 50;

const MAX_SEARCH_LENGTH = 100;

export interface ConsultationFilters {
  view: "list" | "calendar";
  q: string;
  status: StatusFilter;
  /** Ignored (and hidden) while a day is chosen. */
  period: ListPeriod;
  day: string | null;
  /** The calendar's month, yyyy-MM. */
  month: string;
  page: number;
}

const isStatusFilter = (value: string | null): value is StatusFilter => value !== null && Object.hasOwn(STATUS_FILTERS, value);

/** Reads the tab's query string; anything unknown falls back to the default, so a mangled URL still shows a list. */
export function parseConsultationFilters(params: URLSearchParams, today: string): ConsultationFilters {
  const day = isDate(params.get("day")) ? params.get("day")! : null;
  const month = isMonth(params.get("month")) ? params.get("month")! : (day ?? today).slice(0, 7);
  const period = params.get("period");
  const page = Number(params.get("page"));
  return {
    view: params.get("view") === "calendar" ? "calendar" : "list",
    q: (params.get("q") ?? "").trim().slice(0, MAX_SEARCH_LENGTH),
    status: isStatusFilter(params.get("status")) ? (params.get("status") as StatusFilter) : "all",
    period: LIST_PERIODS.includes(period as ListPeriod) ? (period as ListPeriod) : "all",
    day,
    month,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** Whether the person narrowed the list (which decides the empty text). */
export function hasFilters(filters: ConsultationFilters): boolean {
  return filters.q !== "" || filters.status !== "all" || (filters.day === null && filters.period !== "all");
}

/**
 * The instants the list covers: a chosen day, or the period in the
 * psychologist's calendar (the week from the first day of the viewer's
 * language's week, ADR 030). 'all' has no bounds: the
 * list then shows what is ahead first, soonest first, and the past after it.
 */
export function listWindow(filters: Pick<ConsultationFilters, "day" | "period">, now: Date, timeZone: string, locale: string): { start: Date; end: Date } | null {
  const today = dateInZone(now, timeZone);
  let first: string;
  let next: string;
  if (filters.day) {
    first = filters.day;
    next = addDays(first, 1);
  } else {
    switch (filters.period) {
      case "all":
        return null;
      case "today":
        first = today;
        next = addDays(today, 1);
        break;
      case "week":
        first = startOfWeek(today, locale);
        next = addDays(first, 7);
        break;
      case "month": {
        first = `${today.slice(0, 7)}-01`;
        next = `${shiftMonth(today.slice(0, 7), 1)}-01`;
        break;
      }
    }
  }
  return { start: startOfDayInZone(first, timeZone), end: startOfDayInZone(next, timeZone) };
}

// Building a formatter costs far more than using one: one per zone.
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();
function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) wallClockFormats.set(timeZone, (format = new Intl.DateTimeFormat("en-GB", { timeZone, day: "2-digit", month: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })));
  return format;
}

export type NextLabel = { day: "today" | "tomorrow"; time: string } | { day: "date"; date: string; time: string };

/** 'Hoje - HH:MM', 'Amanhã - HH:MM' or 'DD/MM - HH:MM', in the psychologist's calendar. */
export function nextLabel(startsAt: Date, now: Date, timeZone: string): NextLabel {
  const parts = Object.fromEntries(
    wallClockFormat(timeZone)
      .formatToParts(startsAt)
      .map((part) => [part.type, part.value]),
  );
  const time = `${parts.hour}:${parts.minute}`;
  const date = dateInZone(startsAt, timeZone);
  const today = dateInZone(now, timeZone);
  if (date === today) return { day: "today", time };
  if (date === addDays(today, 1)) return { day: "tomorrow", time };
  return { day: "date", date: `${parts.day}/${parts.month}`, time };
}

/** What the psychologist can do with a consultation now: join its call ('Atender'), mark the patient absent, cancel it. */
export function consultationActions(appointment: { status: AppointmentStatus; startsAt: Date; endsAt: Date; videoRoomUrl: string | null }, now: Date) {
  const video = videoCardState(appointment, now);
  return {
    // Confirmed, with a room, in the access window; the video page checks it all again.
    canJoin: video === "available" || video === "in_progress",
    canMarkNoShow: canTransition(appointment.status, { type: "mark_no_show", by: "psychologist", now, startsAt: appointment.startsAt }),
    canCancel: cancellationRefusal(appointment, "psychologist", now) === null,
  };
}

/** The patient as the list names them: the profile's name, else the e-mail. */
export function patientName(person: { firstName: string | null; lastName: string | null; email?: string }): string {
  return [person.firstName, person.lastName].filter(Boolean).join(" ") || (person.email ?? "");
}
