import { addDays, dateInZone, startOfDayInZone } from "./slots";

/**
 * The billing tab's periods and labels (spec 02, 'Billing tab'; section 9:
 * 'Billing periods: week, month, quarter (last 3 months)'), counted in the
 * psychologist's zone and always ending at the end of today:
 * - week: the last 7 days, today included;
 * - month: this calendar month so far (what a practice calls 'o faturamento do mês');
 * - quarter: this calendar month and the two before it.
 */

export const BILLING_PERIODS = ["week", "month", "quarter"] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
export const DEFAULT_BILLING_PERIOD: BillingPeriod = "month";
export const TRANSACTIONS_PAGE_SIZE = 20;

export function toBillingPeriod(value: string | null | undefined): BillingPeriod {
  return BILLING_PERIODS.includes(value as BillingPeriod) ? (value as BillingPeriod) : DEFAULT_BILLING_PERIOD;
}

export function toPage(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

export interface BillingWindow {
  /** [start, end) */
  start: Date;
  end: Date;
  /** The first and last calendar days, for the heading. */
  firstDay: string;
  lastDay: string;
}

function firstOfMonth(date: string, monthsBack: number): string {
  const [year, month] = date.split("-").map(Number) as [number, number];
  const index = year * 12 + (month - 1) - monthsBack;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}-01`;
}

export function billingWindow(period: BillingPeriod, now: Date, timeZone: string): BillingWindow {
  const today = dateInZone(now, timeZone);
  const first = period === "week" ? addDays(today, -6) : firstOfMonth(today, period === "month" ? 0 : 2);
  return { start: startOfDayInZone(first, timeZone), end: startOfDayInZone(addDays(today, 1), timeZone), firstDay: first, lastDay: today };
}

/** Mercado Pago's payment types with a name of their own; anything else is shown as reported. */
export const KNOWN_METHODS = ["pix", "credit_card", "debit_card", "account_money", "ticket", "bank_transfer", "prepaid_card"] as const;

export function methodKey(method: string | null): string | null {
  return method !== null && (KNOWN_METHODS as readonly string[]).includes(method) ? method : null;
}

/** The statuses the list names; a partial refund keeps Mercado Pago's 'approved' but is shown as such. */
export const TRANSACTION_STATUSES = ["approved", "partially_refunded", "refunded", "pending", "in_process", "authorized", "in_mediation", "rejected", "cancelled", "charged_back"] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export function transactionStatus(status: string, amountCents: number, refundedCents: number): TransactionStatus | null {
  if (status === "approved" && refundedCents > 0) return refundedCents >= amountCents ? "refunded" : "partially_refunded";
  return (TRANSACTION_STATUSES as readonly string[]).includes(status) ? (status as TransactionStatus) : null;
}

/** Paid ÷ created, in percent with one decimal; null when nothing was created. */
export function conversionRate(paid: number, created: number): number | null {
  return created === 0 ? null : Math.round((paid / created) * 1000) / 10;
}
