/**
 * Appointment times for people: the date ('dd de MMMM de yyyy' in pt-BR),
 * the time, and the zone's name — said only when the viewer's zone differs
 * from the psychologist's (docs/decisions/004-time-zones.md). Intl only, so
 * it runs the same on the server and in the browser.
 */

import { CLOCK_OPTIONS, dateFormat, formatNamedDate, longDateOptions } from "./format";

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Zones the runtime (ICU, after CLDR) still lists by a city's former name; the
 * IANA database renamed them. The stored value stays the runtime's id.
 */
const RENAMED_ZONES: Readonly<Record<string, string>> = {
  "Africa/Asmera": "Africa/Asmara",
  "America/Coral_Harbour": "America/Atikokan",
  "America/Godthab": "America/Nuuk",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Europe/Kiev": "Europe/Kyiv",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Truk": "Pacific/Chuuk",
};

/** The zone's id under its city's current name, to show ('Asia/Kolkata' for the runtime's 'Asia/Calcutta', 'Europe/Kyiv'). */
export function currentZoneId(timeZone: string): string {
  return RENAMED_ZONES[timeZone] ?? timeZone;
}

/** The zone's name in the locale, e.g. 'Horário de Brasília', 'Horário da Europa Ocidental'. */
export function zoneName(value: Date | string | number, locale: string, timeZone: string): string {
  const date = toDate(value) ?? new Date();
  const part = dateFormat(locale, "zone-name", timeZone, { timeZoneName: "longGeneric" })
    .formatToParts(date)
    .find((piece) => piece.type === "timeZoneName");
  return part?.value ?? timeZone;
}

/** Two zones show the same wall clock at this instant (e.g. Sao_Paulo and Bahia). */
export function sameWallClock(value: Date | string | number, a: string, b: string): boolean {
  if (a === b) return true;
  const date = toDate(value) ?? new Date();
  const format = (timeZone: string) => dateFormat("en", "wall-clock", timeZone, { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(date);
  return format(a) === format(b);
}

export interface WhenLabel {
  /** null when the date is invalid: show 'Data inválida'. */
  date: string | null;
  time: string | null;
  /** The zone's name when it differs from the psychologist's; otherwise null. */
  zone: string | null;
}

/** The viewer's zone's name when its clock differs from the psychologist's at this instant (ADR 004); otherwise null. */
export function differingZoneName(value: Date | string | number, locale: string, viewerZone: string, psychologistZone: string): string | null {
  return sameWallClock(value, viewerZone, psychologistZone) ? null : zoneName(value, locale, viewerZone);
}

export function whenLabel(value: Date | string | number, locale: string, viewerZone: string, psychologistZone: string): WhenLabel {
  const date = toDate(value);
  if (!date) return { date: null, time: null, zone: null };
  return {
    date: formatNamedDate(dateFormat(locale, "long-date", viewerZone, longDateOptions(locale)), date, locale),
    time: dateFormat(locale, "time", viewerZone, CLOCK_OPTIONS).format(date),
    zone: differingZoneName(date, locale, viewerZone, psychologistZone),
  };
}

/** 'HH:mm' and 'dd/MM/yyyy' of an instant in a zone: the parts of 'Acesso liberado a partir de {time} do dia {date}'. */
export function shortTimeAndDate(value: Date | string | number, locale: string, timeZone: string): { time: string; date: string } | null {
  const date = toDate(value);
  if (!date) return null;
  return {
    time: dateFormat(locale, "time", timeZone, CLOCK_OPTIONS).format(date),
    date: dateFormat(locale, "short-date", timeZone, { day: "2-digit", month: "2-digit", year: "numeric" }).format(date),
  };
}
