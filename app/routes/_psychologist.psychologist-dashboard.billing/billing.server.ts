import { redirect } from "@remix-run/node";
import { billingWindow, conversionRate, methodKey, toBillingPeriod, toPage, transactionStatus, TRANSACTIONS_PAGE_SIZE, type BillingPeriod } from "~/domain/practice-billing";
import { dateInZone } from "~/domain/slots";
import { pageTranslations } from "~/i18n/i18n.server";
import { downloadName, fileNameWord } from "~/i18n/server-texts.server";
import { audit } from "~/models/audit.server";
import { bookingFigures, exportTransactions, listTransactions, receivedInPeriod } from "~/models/practice-billing.server";
import type { PsychologistSessionUser } from "~/services/session.server";
import { csvResponse, toCsv } from "~/utils/csv.server";
import { formatMoney, formatPercent, formatTime } from "~/utils/format";
import { timeZoneLabel } from "~/utils/booking-format";
import { log } from "~/utils/logger.server";

/**
 * The billing tab's server half (spec 02, 'Billing tab'): four cards and a
 * page of transactions for the period, read by their owner only, each read
 * leaving a 'billing.read' audit row. Five statements: the zone, two for the
 * cards, one page of transactions, the audit row. Any failure shows the
 * spec's text with a retry link, never someone's made-up figures.
 */

const TAB = "/psychologist-dashboard/billing";

function shortDate(instant: Date, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { day: "2-digit", month: "2-digit", year: "numeric", timeZone }).format(instant);
}

function patientName(row: { firstName: string | null; lastName: string | null }): string {
  return [row.firstName, row.lastName].filter(Boolean).join(" ");
}

function actor(user: PsychologistSessionUser) {
  return { userId: user.id, role: "psychologist" };
}

async function loadBilling(user: PsychologistSessionUser, period: BillingPeriod, page: number, now: Date, locale: string) {
  const psychologistId = user.psychologistId;
  const timeZone = user.psychologistTimeZone;
  const window = billingWindow(period, now, timeZone);
  const scope = { psychologistId, start: window.start, end: window.end, now };
  const [figures, receivedCents, list] = await Promise.all([bookingFigures(scope), receivedInPeriod(scope), listTransactions({ ...scope, page })]);
  // Money shown is money read: the row is written before the figures leave the server.
  await audit({ actor: actor(user), action: "billing.read", subject: { type: "psychologist", id: psychologistId }, details: { period, page } });
  const rate = conversionRate(figures.paid, figures.created);
  return {
    timeZone,
    // Named as the admin's pages name it ('Horário Padrão de Brasília (America/Sao_Paulo)'), not by its id alone.
    zoneLabel: timeZoneLabel(timeZone, locale, now),
    firstDay: shortDate(window.start, locale, timeZone),
    lastDay: shortDate(new Date(window.end.getTime() - 1), locale, timeZone),
    cards: {
      revenueCents: figures.revenueCents,
      revenue: formatMoney(figures.revenueCents, locale),
      receivedCents,
      received: formatMoney(receivedCents, locale),
      pendingCents: figures.pendingCents,
      pending: formatMoney(figures.pendingCents, locale),
      created: figures.created,
      paid: figures.paid,
      conversionRate: rate,
      conversion: rate === null ? null : formatPercent(rate, locale, 1),
    },
    transactions: {
      total: list.total,
      page,
      pages: Math.max(1, Math.ceil(list.total / TRANSACTIONS_PAGE_SIZE)),
      rows: list.rows.map((row) => ({
        id: row.id,
        date: shortDate(row.at, locale, timeZone),
        time: formatTime(row.at, locale, timeZone),
        patient: patientName(row),
        amountCents: row.amountCents,
        currency: row.currency,
        // In the payment's own currency: a mismatch paid in dollars is shown as dollars, never as reais.
        amount: formatMoney(row.amountCents, locale, row.currency),
        refundedCents: row.refundedCents,
        refunded: row.refundedCents > 0 ? formatMoney(row.refundedCents, locale, row.currency) : null,
        status: transactionStatus(row.status, row.amountCents, row.refundedCents),
        rawStatus: row.status,
        method: methodKey(row.method),
        rawMethod: row.method,
      })),
    },
  };
}

export async function billingTabData(request: Request, user: PsychologistSessionUser, now = new Date()) {
  const { translations, locale, t } = await pageTranslations(request, ["billing"]);
  const params = new URL(request.url).searchParams;
  const period = toBillingPeriod(params.get("period"));
  const page = toPage(params.get("page"));
  const exportError = params.get("error") === "export" ? t("errors.export") : null;
  try {
    return { translations, period, exportError, error: null, billing: await loadBilling(user, period, page, now, locale) };
  } catch (error) {
    log().error({ err: error, psychologistId: user.psychologistId }, "billing tab failed to load");
    return { translations, period, exportError, error: t("errors.load"), billing: null };
  }
}

// Cents as a plain decimal (12345 → "123.45"), for spreadsheets.
const decimal = (cents: number) => (cents / 100).toFixed(2);

/**
 * The period's transactions as a CSV (all of them, not one page). A failure goes back to the tab with a message.
 *
 * The '(BRL)' columns hold reais only: a payment in another currency (a mismatch, refunded) leaves its amount and
 * refund there empty and its net 0.00; the last two columns give every payment's currency and its amount in it.
 */
export async function billingExport(request: Request, user: PsychologistSessionUser, now = new Date()) {
  const psychologistId = user.psychologistId;
  const period = toBillingPeriod(new URL(request.url).searchParams.get("period"));
  try {
    const { t, locale } = await pageTranslations(request, ["billing"]);
    const timeZone = user.psychologistTimeZone;
    const window = billingWindow(period, now, timeZone);
    const rows = await exportTransactions({ psychologistId, start: window.start, end: window.end });
    await audit({ actor: actor(user), action: "billing.export", subject: { type: "psychologist", id: psychologistId }, details: { period, rows: rows.length } });
    const csv = toCsv(
      [t("csv.date"), t("csv.time"), t("csv.patient"), t("csv.amount"), t("csv.refunded"), t("csv.net"), t("csv.status"), t("csv.method"), t("csv.paymentId"), t("csv.currency"), t("csv.originalAmount")],
      rows.map((row) => {
        const status = transactionStatus(row.status, row.amountCents, row.refundedCents);
        const method = methodKey(row.method);
        const brl = row.currency === "BRL";
        return [
          dateInZone(row.at, timeZone),
          // The time as the psychologist reads it (the 24-hour clock in every language, ADR 004), beside the ISO date.
          formatTime(row.at, locale, timeZone),
          patientName(row),
          brl ? decimal(row.amountCents) : "",
          brl ? decimal(row.refundedCents) : "",
          // Only money that came in, in reais, has a net (computed with the cards' rule, in SQL).
          decimal(row.netCents),
          status ? t(`status.${status}`) : row.status,
          method ? t(`methods.${method}`) : (row.method ?? ""),
          row.id,
          row.currency,
          decimal(row.amountCents),
        ];
      }),
    );
    return csvResponse(csv, downloadName(locale, "billing", { period: fileNameWord(locale, `billingPeriod.${period}`), date: dateInZone(now, timeZone) }, "csv"));
  } catch (error) {
    log().error({ err: error, psychologistId }, "billing export failed");
    return redirect(`${TAB}?period=${period}&error=export`);
  }
}
