/**
 * Display formatting through Intl, in the viewer's locale. Money is always
 * BRL and always integer centavos on the way in.
 */

export function formatMoney(cents: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency: "BRL" }).format(cents / 100);
}

/** 'dd de MMMM de yyyy' in pt-BR, its equivalent elsewhere; null for an invalid date. */
export function formatLongDate(value: Date | string | number, locale: string, timeZone?: string): string | null {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(locale, { day: "2-digit", month: "long", year: "numeric", timeZone }).format(date);
}

export function formatTime(value: Date | string | number, locale: string, timeZone?: string): string | null {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", timeZone }).format(date);
}

export function formatNumber(value: number, locale: string, fractionDigits = 0): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);
}
