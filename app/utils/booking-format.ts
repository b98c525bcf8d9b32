/**
 * How booking writes times: 'HH:MM' on a 24-hour clock in a given zone
 * (slots read '09:00 - 09:50' in every language), the zone's name, and the
 * calendar's month and weekday names. Intl only; loaders call these so the
 * browser receives plain strings.
 */

import { dateFormat, formatNamedDate } from "./format";
import { currentZoneId } from "./zoned-time";

const clocks = new Map<string, Intl.DateTimeFormat>();

export function formatClock(instant: Date, timeZone: string): string {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone });
    clocks.set(timeZone, clock);
  }
  return clock.format(instant);
}

export function formatSlotRange(startsAt: Date, endsAt: Date, timeZone: string): string {
  return `${formatClock(startsAt, timeZone)} - ${formatClock(endsAt, timeZone)}`;
}

/** 'horário de Brasília (America/Sao_Paulo)': the zone's generic name in the locale, with its id (under its city's current name). */
export function timeZoneLabel(timeZone: string, locale: string, at = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: "longGeneric" })
      .formatToParts(at)
      .find((item) => item.type === "timeZoneName")?.value;
    return part && part !== timeZone ? `${part} (${currentZoneId(timeZone)})` : currentZoneId(timeZone);
  } catch {
    return currentZoneId(timeZone);
  }
}

/** A calendar day 'yyyy-MM-dd' at noon UTC: formats as that day in any zone given timeZone 'UTC'. */
function dayInstant(date: string): Date {
  return new Date(`${date}T12:00:00Z`);
}

/** 'quinta-feira, 12 de novembro de 2026' ('mardi 1er décembre 2026' in French). */
export function formatDay(date: string, locale: string): string {
  const format = dateFormat(locale, "weekday-long-date", "UTC", { weekday: "long", day: "numeric", month: "long", year: "numeric" });
  return formatNamedDate(format, dayInstant(date), locale);
}

/** 'novembro de 2026'. */
export function formatMonth(month: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(dayInstant(`${month}-01`));
}

/** The longest weekday heading a phone's calendar column holds ('dom.', 'Mo', '周日'), in graphemes. */
const HEADING_GRAPHEMES = 4;

/**
 * Short weekday names from Sunday, and their long names for screen readers. Where Intl's short
 * names are whole words ('domingo' in pt-PT, 'الخميس' in Arabic), a 390-pixel calendar broke them
 * mid-word ('domi/ngo'): that language gets its narrow names ('D', 'خ') instead.
 */
export function weekdayNames(locale: string): { short: string; long: string }[] {
  // 2026-11-01 is a Sunday.
  const days = Array.from({ length: 7 }, (_, index) => dayInstant(`2026-11-0${index + 1}`));
  const names = (weekday: "short" | "narrow" | "long") => {
    const format = new Intl.DateTimeFormat(locale, { weekday, timeZone: "UTC" });
    return days.map((day) => format.format(day));
  };
  const graphemes = new Intl.Segmenter(locale, { granularity: "grapheme" });
  const short = names("short");
  const fits = short.every((name) => [...graphemes.segment(name)].length <= HEADING_GRAPHEMES);
  const headings = fits ? short : names("narrow");
  return names("long").map((long, index) => ({ short: headings[index] ?? long, long }));
}
