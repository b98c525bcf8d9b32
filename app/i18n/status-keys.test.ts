import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SUPPORTED_LOCALES } from "./config";
import { getFixedT } from "./i18n.server";

/**
 * Texts chosen by a database value (`timeline.request.${status}`) need a key
 * for every value the column's CHECK allows: a missing one shows the bare key
 * (or pt-BR). The values are read from the migration, so a new one fails here.
 */

function checkedValues(migration: string, table: string, column: string): string[] {
  const source = readFileSync(path.resolve("db/migrations", migration), "utf8");
  const body = source.slice(source.indexOf(`create table ${table} (`));
  const check = new RegExp(`\\b${column} text[^,]*check \\(${column} in \\(([^)]*)\\)\\)`).exec(body);
  if (!check) throw new Error(`no check on ${table}.${column} in ${migration}`);
  return [...check[1]!.matchAll(/'([^']+)'/g)].map((match) => match[1]!);
}

describe("a consultation's timeline", () => {
  const statuses = checkedValues("0022_reschedule.ts", "reschedule_requests", "status");

  it("reads the reschedule request statuses from the migration, 'cancelled' (a cancellation ends a pending one) among them", () => {
    expect(statuses).toEqual(expect.arrayContaining(["pending", "confirmed", "rejected", "expired", "cancelled"]));
  });

  it.each(SUPPORTED_LOCALES)("words every reschedule request status in %s", (locale) => {
    const t = getFixedT(locale, "consultations");
    const pt = getFixedT("pt-BR", "consultations");
    for (const status of statuses) {
      const key = `timeline.request.${status}`;
      expect(t(key), key).not.toBe(key);
      // A language of its own, not pt-BR's fallback (pt-PT may share a wording).
      if (locale !== "pt-BR" && locale !== "pt-PT") expect(t(key), `${locale} ${key}`).not.toBe(pt(key));
    }
  });
});

describe("an appointment's status", () => {
  // The payment result page and 'Meu Painel' show the same appointment one after the other: one word per status.
  it.each(SUPPORTED_LOCALES)("reads the same on the payment page as on the dashboard in %s", (locale) => {
    const dashboard = getFixedT(locale, "appointments");
    const payment = getFixedT(locale, "payment");
    for (const status of ["awaitingPayment", "pending", "confirmed", "awaitingReschedule", "completed", "cancelled", "noShow"]) {
      expect(payment(`status.${status}`), `${locale} ${status}`).toBe(dashboard(`status.${status}`));
    }
  });
});
