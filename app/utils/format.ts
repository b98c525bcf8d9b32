/**
 * Display formatting through Intl, in the viewer's locale. Money is integer
 * cents on the way in, in BRL unless a row says otherwise (a payment the
 * gateway recorded in another currency is shown in that currency, never as reais).
 */

// Building an Intl formatter costs far more than using one, and a page formats
// dozens of prices and times: keep one per locale and options.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(locale: string, key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const id = `n|${locale}|${key}`;
  let format = formatters.get(id) as Intl.NumberFormat | undefined;
  if (!format) formatters.set(id, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

export function dateFormat(locale: string, key: string, timeZone: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `d|${locale}|${key}|${timeZone ?? ""}`;
  let format = formatters.get(id) as Intl.DateTimeFormat | undefined;
  if (!format) formatters.set(id, (format = new Intl.DateTimeFormat(locale, { ...options, timeZone })));
  return format;
}

/**
 * `cents` in `currency` (an ISO 4217 code, BRL by default), e.g. 'R$ 180,00' or 'US$ 180,00' in pt-BR.
 * In a right-to-left language Intl writes '\u200f180.00\u00a0R$': the '$' after the Latin 'R' is
 * neutral and ends the right-to-left line, so the bidi algorithm shows it before the letter ('$R 180.00').
 * A closing left-to-right mark (not drawn) keeps the symbol in one piece: 'R$ 180.00' read right to left.
 * (Intl's own right-to-left mark tells such a language, without the language list in the browser bundle.)
 */
export function formatMoney(cents: number, locale: string, currency = "BRL"): string {
  // Reais read 'R$' in every language: Spanish and Italian would write '108,33 BRL'. Other currencies keep
  // their full symbol ('US$', where the narrow '$' would pass for reais or pesos).
  const currencyDisplay = currency === "BRL" ? "narrowSymbol" : "symbol";
  const text = numberFormat(locale, `money|${currency}`, { style: "currency", currency, currencyDisplay }).format(cents / 100);
  return text.includes("\u200f") ? `${text}\u200e` : text;
}

/**
 * An amount of reais for a field to edit, as the reader's language writes its decimals ('70,00' in
 * Portuguese, '70.00' in English and Chinese), with no symbol nor grouping to type around;
 * `typedReaisToCents` reads it back.
 */
export function amountForInput(cents: number, locale: string): string {
  return numberFormat(locale, "amount-input", { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(cents / 100);
}

/** A long date: the spec's 'dd de MMMM de yyyy' in Portuguese; elsewhere the day as the language writes it ('December 9, 2026', not '09'). */
export function longDateOptions(locale: string): Intl.DateTimeFormatOptions {
  return { day: locale.startsWith("pt") ? "2-digit" : "numeric", month: "long", year: "numeric" };
}

/**
 * `date` through `format`, as the language writes the first of the month: French says '1er décembre 2026'
 * (an ordinal) where Intl gives '1 décembre 2026'. Only where the month is a name: '01/12/2026' stays.
 * Every date with a month name (pages, e-mails, PDFs) goes through here.
 */
export function formatNamedDate(format: Intl.DateTimeFormat, date: Date, locale: string): string {
  if (locale !== "fr" && !locale.startsWith("fr-")) return format.format(date);
  const parts = format.formatToParts(date);
  const monthIsName = parts.some((part) => part.type === "month" && !/^\d+$/.test(part.value));
  return parts.map((part) => (monthIsName && part.type === "day" && part.value === "1" ? "1er" : part.value)).join("");
}

/** 'dd de MMMM de yyyy' in pt-BR, its equivalent elsewhere ('1er décembre 2026' in French); null for an invalid date. */
export function formatLongDate(value: Date | string | number, locale: string, timeZone?: string): string | null {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return formatNamedDate(dateFormat(locale, "long-date", timeZone, longDateOptions(locale)), date, locale);
}

/**
 * The time of day, 'HH:mm' on a 24-hour clock in every language: booking's slots read '09:00 - 09:50'
 * everywhere, so a dashboard, an e-mail or a receipt never says '09:00 AM' for the same consultation.
 */
export const CLOCK_OPTIONS: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };

export function formatTime(value: Date | string | number, locale: string, timeZone?: string): string | null {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return dateFormat(locale, "time", timeZone, CLOCK_OPTIONS).format(date);
}

export function formatNumber(value: number, locale: string, fractionDigits = 0): string {
  return numberFormat(locale, `fixed${fractionDigits}`, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }).format(value);
}

/** `value` in percent (83.3 → '83,3%' in pt-BR, '83,3 %' in French): the sign placed and spaced the reader's way. */
export function formatPercent(value: number, locale: string, fractionDigits = 0): string {
  return numberFormat(locale, `percent${fractionDigits}`, { style: "percent", minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }).format(value / 100);
}

const listFormats = new Map<string, Intl.ListFormat>();

/**
 * A list of names joined the reader's way: 'Psicologia Infantil e Ansiedade', 'Portuguese and English',
 * 'علم نفس الطفل والقلق', '中文和英语' — never with a Latin ', ' in every language.
 */
export function formatList(items: readonly string[], locale: string): string {
  let format = listFormats.get(locale);
  if (!format) listFormats.set(locale, (format = new Intl.ListFormat(locale, { type: "conjunction", style: "long" })));
  return format.format(items);
}
