import type { Locale } from "~/i18n/config";
import { addDays, weekdayOf } from "./slots";

/**
 * The day a week starts on for the viewer's language (ADR 030): CLDR's first
 * day for each locale's likely region, as a fixed table so the server's render
 * and the browser's agree. Weekdays are numbered as everywhere in the app and
 * the database: 0 = Sunday … 6 = Saturday; only the order they are shown in
 * follows the locale.
 */

export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

const SUNDAY = 0;
const MONDAY = 1;
const SATURDAY = 6;

export const FIRST_DAY_OF_WEEK: Readonly<Record<Locale, Weekday>> = {
  "pt-BR": SUNDAY,
  "pt-PT": SUNDAY,
  en: SUNDAY,
  hi: SUNDAY,
  es: MONDAY,
  fr: MONDAY,
  de: MONDAY,
  it: MONDAY,
  ru: MONDAY,
  "zh-CN": MONDAY,
  ar: SATURDAY,
};

/** 0 = Sunday … 6 = Saturday; a language the app does not serve starts on Sunday, as the default pt-BR does. */
export function firstDayOfWeek(locale: string): Weekday {
  return Object.hasOwn(FIRST_DAY_OF_WEEK, locale) ? FIRST_DAY_OF_WEEK[locale as Locale] : SUNDAY;
}

/** The seven weekday numbers in the locale's order: [1, 2, 3, 4, 5, 6, 0] for ru. */
export function weekdaysInOrder(locale: string): Weekday[] {
  const first = firstDayOfWeek(locale);
  return Array.from({ length: 7 }, (_, index) => ((first + index) % 7) as Weekday);
}

/** A list of the seven weekdays from Sunday (names, headings), reordered from the locale's first day. */
export function rotateWeek<T>(fromSunday: readonly T[], locale: string): T[] {
  if (fromSunday.length !== 7) throw new RangeError(`a week has 7 days, not ${fromSunday.length}`);
  return weekdaysInOrder(locale).map((weekday) => fromSunday[weekday]!);
}

/** A calendar day's place in the locale's week, 0–6: its column in a month calendar (a Monday is 0 in ru, 1 in pt-BR, 2 in ar). */
export function dayOfLocaleWeek(date: string, locale: string): number {
  return (weekdayOf(date) - firstDayOfWeek(locale) + 7) % 7;
}

/** The first day ('yyyy-MM-dd') of the locale's week that contains a calendar day. */
export function startOfWeek(date: string, locale: string): string {
  return addDays(date, -dayOfLocaleWeek(date, locale));
}
