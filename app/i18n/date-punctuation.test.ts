import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatLongDate } from "~/utils/format";
import { SUPPORTED_LOCALES } from "./config";
import { createTranslator, type Translations } from "./translate";

/**
 * A long date that ends a sentence must not double its full stop. Russian writes
 * '30 ноября 2026 г.' (Intl's own abbreviation of 'года'), so 'Хранится до {{date}}.'
 * read 'Хранится до 30 ноября 2046 г..' on the clinical record; any language whose
 * long date ends in a full stop has the same trap.
 */

const ROOT = path.resolve("public/locales");

type Tree = { [key: string]: string | Tree };

function keysWithDateBeforeStop(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? (/\{\{date\}\}[.。।]/.test(value) ? [prefix + key] : []) : keysWithDateBeforeStop(value, `${prefix}${key}.`),
  );
}

describe("a long date at the end of a sentence", () => {
  for (const locale of SUPPORTED_LOCALES) {
    it(`is never followed by a second full stop in ${locale}`, () => {
      const date = formatLongDate(new Date("2046-11-30T12:00:00Z"), locale, "America/Sao_Paulo")!;
      const doubled: string[] = [];
      for (const file of readdirSync(path.join(ROOT, locale)).filter((name) => name.endsWith(".json"))) {
        const namespace = file.slice(0, -5);
        const messages = JSON.parse(readFileSync(path.join(ROOT, locale, file), "utf8")) as Tree;
        const t = createTranslator({ [namespace]: messages } as Translations, locale, namespace);
        for (const key of keysWithDateBeforeStop(messages)) {
          const text = t(key, { date, patient: "Paula", name: "Paula" });
          if (/\.\.(?!\.)|\.。|\.।/.test(text)) doubled.push(`${namespace}:${key} → ${text}`);
        }
      }
      expect(doubled).toEqual([]);
    });
  }
});
