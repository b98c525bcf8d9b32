import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatMoney } from "~/utils/format";
import { SUPPORTED_LOCALES } from "./config";

/**
 * The directory's price filter names its bands in reais; the cards beside it
 * show prices with formatMoney. Both put 'R$' on the same side of the number
 * in each language ('До 150 R$' next to '110,00 R$', 'Up to R$ 150' next to
 * 'R$110.00'), so the filter reads as the prices it filters.
 */

const priceBands = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(path.resolve("public/locales", locale, "directory.json"), "utf8")).filters.prices;

describe("the directory's price bands", () => {
  for (const locale of SUPPORTED_LOCALES) {
    it(`${locale}: 'R$' on the side the language's prices have it`, () => {
      const symbolFirst = formatMoney(150_00, locale).replace(/[\u200e\u200f]/g, "").trim().startsWith("R$");
      const bands = priceBands(locale);
      for (const key of ["le150", "150-250", "250-350", "gt350"]) {
        const label = bands[key]!;
        for (const amount of label.match(/\d+/g)!) {
          const written = symbolFirst ? new RegExp(`R\\$\\s?${amount}`) : new RegExp(`${amount}\\s?R\\$`);
          expect(label, `${locale} ${key}`).toMatch(written);
        }
      }
    });
  }
});
