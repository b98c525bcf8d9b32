import { weekdayNames } from "./booking-format";
import { dateFormat } from "./format";

/** The words of a month calendar in the viewer's language: Intl only, so nothing to translate. */

const capitalize = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** 'Novembro de 2026' for '2026-11'. */
export function monthLabel(month: string, locale: string): string {
  return capitalize(dateFormat(locale, "month-year", "UTC", { month: "long", year: "numeric" }).format(new Date(`${month}-15T12:00:00Z`)));
}

/** Sunday to Saturday, in full ('Domingo'). */
export function weekdayLabels(locale: string): string[] {
  const format = dateFormat(locale, "weekday-long", "UTC", { weekday: "long" });
  // 1 November 2026 is a Sunday.
  return [0, 1, 2, 3, 4, 5, 6].map((weekday) => capitalize(format.format(new Date(Date.UTC(2026, 10, 1 + weekday)))));
}

/**
 * A month calendar's column headings from Sunday: the name shown, as booking's calendar shows it (short,
 * or narrow where the short names are whole words: pt-PT's 'domingo' broke mid-word in a 390-pixel
 * agenda), and the long one for the header's `abbr`.
 */
export function weekdayHeadings(locale: string): { short: string; long: string }[] {
  return weekdayNames(locale).map(({ short, long }) => ({ short, long: capitalize(long) }));
}
