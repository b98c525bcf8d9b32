import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatLongDate } from "~/utils/format";
import { createTranslator, type Translations } from "./translate";

/**
 * Italian elides the article before a day that starts with a vowel sound: 'l'1 dicembre', 'all'8',
 * 'dell'11' — never 'il 1', 'al 8', 'del 11'. A message cannot know which day fills {{date}}, so no
 * Italian message may put an article (or an article joined to a preposition) right before a date;
 * it says 'il giorno {{date}}', 'del giorno {{when}}' or leaves the article out.
 */

const ROOT = path.resolve("public/locales/it");

type Tree = { [key: string]: string | Tree };

/** Variables that hold a date, or a date and time ('1 dicembre 2026 alle 10:00 (…)'). */
const DATE_VARIABLE = /^(date|when|proposed|deadline|from|to|day|at|since|until|received|processed|\w+At|\w+Date|\w+Day)$/;

// il/lo/la/i/gli/le, the prepositions joined to them (al, del, dal, nel, sul…), and the elided forms (l', all', dell'…).
const ARTICLE = String.raw`(?:(?:il|lo|la|i|gli|le|(?:a|da|de|ne|su)(?:l|llo|lla|i|gli|lle))\s+|(?:l|all|dall|dell|nell|sull)['’]\s*)`;
const ARTICLE_BEFORE_VARIABLE = new RegExp(String.raw`(?<![\p{L}'’])${ARTICLE}\{\{\s*(\w+)\s*\}\}`, "giu");

function strings(tree: Tree, prefix = ""): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]): Array<[string, string]> =>
    typeof value === "string" ? [[prefix + key, value]] : strings(value, `${prefix}${key}.`),
  );
}

function messages(): Array<{ namespace: string; tree: Tree }> {
  return readdirSync(ROOT)
    .filter((name) => name.endsWith(".json"))
    .map((file) => ({ namespace: file.slice(0, -5), tree: JSON.parse(readFileSync(path.join(ROOT, file), "utf8")) as Tree }));
}

describe("Italian messages with a date", () => {
  it("never put an article or articulated preposition right before a date variable", () => {
    const found: string[] = [];
    for (const { namespace, tree } of messages()) {
      for (const [key, text] of strings(tree)) {
        for (const match of text.matchAll(ARTICLE_BEFORE_VARIABLE)) {
          if (DATE_VARIABLE.test(match[1]!)) found.push(`${namespace}:${key} → ${text}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  // The same rule, read as the reader sees it: the days whose article must elide, filled in for real.
  for (const day of ["01", "08", "11"]) {
    it(`read correctly on day ${Number(day)} of the month`, () => {
      const date = formatLongDate(new Date(`2026-12-${day}T12:00:00Z`), "it", "UTC")!;
      expect(date).toBe(`${Number(day)} dicembre 2026`);
      const wrong: string[] = [];
      for (const { namespace, tree } of messages()) {
        const t = createTranslator({ [namespace]: tree } as Translations, "it", namespace);
        for (const [key, text] of strings(tree)) {
          const variables = [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]!).filter((name) => DATE_VARIABLE.test(name));
          if (variables.length === 0) continue;
          const shown = t(key, Object.fromEntries(variables.map((name) => [name, date])));
          if (new RegExp(String.raw`(?<![\p{L}'’])${ARTICLE}${Number(day)} dicembre`, "iu").test(shown)) wrong.push(`${namespace}:${key} → ${shown}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }
});
