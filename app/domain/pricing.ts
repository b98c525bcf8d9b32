/**
 * Consultation prices, in integer centavos (decision 003). Reais appear only
 * at the payment provider's edge, through `reaisToCents` / `centsToReais`.
 */

export const OFFERED_DURATIONS = [30, 50, 60] as const;
export type OfferedDuration = (typeof OFFERED_DURATIONS)[number];

/** Prices of the two priced durations; any other is derived from the 60-minute one. */
export interface Prices {
  30: number;
  60: number;
}

/** The platform's prices when a psychologist has set none: R$ 150,00 and R$ 280,00. */
export const DEFAULT_PRICES: Readonly<Prices> = { 30: 150_00, 60: 280_00 };

/**
 * The highest price a psychologist may set, R$ 10.000,00: a typo guard far above
 * any consultation. One bound for both forms that write the 60-minute price
 * (the pricing tab and the profile's 'Valor da sessão', ADR 027), so neither
 * saves a price the other then refuses to keep.
 */
export const MAX_PRICE_CENTS = 10_000_00;

/** The 30-minute fallback is 75 % of the psychologist's (60-minute) price. */
const THIRTY_MINUTE_SHARE = 0.75;

export interface PricingSource {
  /** The psychologist's active `psychologist_pricing` row, if any. */
  pricing?: { price30Cents: number; price60Cents: number; isActive?: boolean } | null;
  /** `psychologists.price_cents`: the 60-minute price. */
  psychologistPriceCents?: number | null;
}

export function pricesFor({ pricing, psychologistPriceCents }: PricingSource): Prices {
  if (pricing && pricing.isActive !== false) {
    return { 30: assertCents(pricing.price30Cents), 60: assertCents(pricing.price60Cents) };
  }
  if (psychologistPriceCents !== null && psychologistPriceCents !== undefined) {
    const price60 = assertCents(psychologistPriceCents);
    return { 30: Math.round(price60 * THIRTY_MINUTE_SHARE), 60: price60 };
  }
  return { ...DEFAULT_PRICES };
}

/** 30 and 60 minutes as priced; any other duration pro rata from the 60-minute price, rounded once. */
export function priceForDuration(prices: Prices, minutes: number): number {
  if (!Number.isInteger(minutes) || minutes <= 0) throw new RangeError(`Invalid duration: ${minutes}`);
  if (minutes === 30) return prices[30];
  if (minutes === 60) return prices[60];
  return Math.round((prices[60] * minutes) / 60);
}

export function isOfferedDuration(minutes: unknown): minutes is OfferedDuration {
  return OFFERED_DURATIONS.includes(minutes as OfferedDuration);
}

const REAIS = /^(-?)(\d+)(?:[.,](\d{1,2}))?$/;

/** Digits other scripts type (Arabic-Indic, Persian, Devanagari), read as 0–9. */
const DIGIT_ZEROS = [0x0660, 0x06f0, 0x0966];

function asciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f]/g, (digit) => {
    const code = digit.charCodeAt(0);
    const zero = DIGIT_ZEROS.find((first) => code >= first && code <= first + 9) ?? 0x30;
    return String(code - zero);
  });
}

/** How languages group thousands: '.', ',', a space (plain, no-break or narrow no-break), an apostrophe, the Arabic '٬'. */
const GROUP_SEPARATORS = [".", ",", " ", "\u00a0", "\u202f", "'", "\u2019", "\u066c"];
/** How they write the decimal mark: ',' (pt-BR, de, fr…), '.' (en, zh-CN, hi…), the Arabic '٫'. */
const DECIMAL_MARKS = [",", ".", "\u066b"];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** One way of writing an amount: whole part grouped by `group` in threes (or the Indian 12,34,567), then `decimal` and 1–2 digits. */
const AMOUNT_PATTERNS = GROUP_SEPARATORS.flatMap((group) =>
  DECIMAL_MARKS.filter((decimal) => decimal !== group).map((decimal) => {
    const g = escape(group);
    return { group, pattern: new RegExp(`^(\\d+|\\d{1,3}(?:${g}\\d{3})+|\\d{1,2}(?:${g}\\d{2})+${g}\\d{3})(?:${escape(decimal)}(\\d{1,2}))?$`) };
  }),
);

/**
 * Reais as a person types them, in any of the interface's languages ('150', '150,00', '150.5',
 * '1.500,00' and '1,500.00', '1 500,00', 'R$ 80,00', '80,00 R$'), to integer centavos without
 * floating point; null when it is not an amount, or when it could be two (see below). A separator
 * followed by three digits groups thousands; by one or two, it is the decimal mark (reais have no
 * third decimal). Every form that takes money reads it with this.
 */
export function typedReaisToCents(input: string): number | null {
  const text = asciiDigits(input)
    .replace(/[\u200e\u200f\u061c]/g, "")
    .trim()
    .replace(/^R\$\s*/i, "")
    .replace(/\s*R\$$/i, "");
  for (const { group, pattern } of AMOUNT_PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    // '150,001' or '1,500' alone may be a comma decimal with a digit too many: ambiguous money is refused, not guessed.
    // With the decimals ('1,500.00', as the field is filled in English) or two groups ('1,500,000') it is not.
    if (group === "," && match[2] === undefined && match[1]!.split(",").length === 2) continue;
    const whole = match[1]!.replace(/\D/g, "");
    if (whole.length > 9) return null;
    return Number(whole) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  }
  return null;
}

/**
 * Reais as the provider sends them ('150.10', 150.1) to centavos (15010).
 * Strings are read digit by digit, so no binary fraction ever enters.
 */
export function reaisToCents(value: string | number): number {
  if (typeof value === "number") {
    // Two decimals at most: ×100 lands within a rounding error of the integer.
    const cents = Math.round(value * 100);
    if (!Number.isFinite(value) || !Number.isSafeInteger(cents) || Math.abs(cents - value * 100) > 1e-6 * Math.max(1, Math.abs(cents))) {
      throw new RangeError(`Not an amount in reais: ${value}`);
    }
    return cents === 0 ? 0 : cents; // no -0
  }
  const match = REAIS.exec(value.trim());
  if (!match) throw new RangeError(`Not an amount in reais: '${value}'`);
  const [, sign, whole, fraction = ""] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount too large: '${value}'`);
  return sign && cents !== 0 ? -cents : cents;
}

/** Centavos to reais as the provider's API wants them (15010 → 150.1). */
export function centsToReais(cents: number): number {
  assertCents(cents, { allowNegative: true });
  // Division by 100 gives the double nearest the decimal, which JSON writes back exactly.
  return cents / 100;
}

function assertCents(value: number, { allowNegative = false } = {}): number {
  if (!Number.isSafeInteger(value) || (!allowNegative && value < 0)) throw new RangeError(`Not an amount in centavos: ${value}`);
  return value;
}
