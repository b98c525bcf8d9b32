import { DEFAULT_TIME_ZONE } from "~/domain/time-zones";
import { timeZoneLabel } from "~/utils/booking-format";
import { formatLongDate, formatTime } from "~/utils/format";

/**
 * The administrator's pages tell every date and time on the platform's clock, Brasília's, whatever
 * zone the consultation or the administrator is in, and say so under their lists ('Datas e horários
 * no fuso Horário de Brasília (America/Sao_Paulo).'): an audit row's time is evidence.
 */
export const ADMIN_TIME_ZONE = DEFAULT_TIME_ZONE;

/** '10 de março de 2026 14:00' in Brasília; null for no instant. */
export function adminWhen(locale: string): (value: Date | string | null) => string | null {
  return (value) => (value ? `${formatLongDate(value, locale, ADMIN_TIME_ZONE)} ${formatTime(value, locale, ADMIN_TIME_ZONE)}` : null);
}

/** The zone's name in the reader's language, with its id: what the pages' zone note names. */
export function adminZone(locale: string): string {
  return timeZoneLabel(ADMIN_TIME_ZONE, locale);
}
