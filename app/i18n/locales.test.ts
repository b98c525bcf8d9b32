import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { policySentence, scopedT } from "~/domain/policy-text";
import { DEFAULT_LOCALE, SUPPORTED_LOCALES } from "./config";
import { createTranslator, type Messages } from "./translate";

/**
 * Every locale must hold exactly pt-BR's keys, with the same {{variables}}.
 * The one exception is plurals: where pt-BR has `<base>_one`/`<base>_other`,
 * a language may add the other forms its own grammar needs (`_two`, `_few`,
 * `_many`…), but only the categories Intl.PluralRules gives that language,
 * plus `_zero`, which the translator tries first for a count of 0 in any
 * language (app/i18n/translate.ts).
 */

const ROOT = path.resolve("public/locales");

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

function load(locale: string): Map<string, string> {
  const dir = path.join(ROOT, locale);
  const all = new Map<string, string>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".json")).sort()) {
    const namespace = file.slice(0, -5);
    for (const [key, value] of flatten(JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Tree)) {
      all.set(`${namespace}:${key}`, value);
    }
  }
  return all;
}

const variables = (text: string) => [...text.matchAll(/{{\s*(\w+)[^}]*}}/g)].map((match) => match[1]).sort();

const reference = load(DEFAULT_LOCALE);

const PLURAL_KEY = /^(.*)_(zero|one|two|few|many|other)$/;
/** pt-BR's plural keys by base (`ns:path.key`), e.g. "records:list.count". */
const pluralBases = new Set(
  [...reference.keys()].flatMap((key) => {
    const match = /^(.*)_(one|other)$/.exec(key);
    return match ? [match[1]] : [];
  }),
);
/** The plural forms a language may write: its Intl.PluralRules categories, plus zero. */
const pluralCategories = (locale: string) => new Set<string>(["zero", ...new Intl.PluralRules(locale).resolvedOptions().pluralCategories]);

/** A key pt-BR lacks that is an allowed extra plural form of one of pt-BR's plural keys: its base, else undefined. */
function extraPluralBase(key: string, categories: Set<string>): string | undefined {
  const match = PLURAL_KEY.exec(key);
  const [, base, category] = match ?? [];
  return base !== undefined && category !== undefined && pluralBases.has(base) && categories.has(category) ? base : undefined;
}

describe("translations", () => {
  it("has a folder for every supported language and nothing else", () => {
    expect(readdirSync(ROOT).sort()).toEqual([...SUPPORTED_LOCALES].sort());
  });

  it("has keys in pt-BR", () => {
    expect(reference.size).toBeGreaterThan(0);
  });

  describe.each(SUPPORTED_LOCALES.filter((locale) => locale !== DEFAULT_LOCALE))("%s", (locale) => {
    const translated = load(locale);

    it("misses no key of pt-BR", () => {
      expect([...reference.keys()].filter((key) => !translated.has(key))).toEqual([]);
    });

    it("adds no key pt-BR lacks, except the plural forms of its own grammar", () => {
      const categories = pluralCategories(locale);
      expect([...translated.keys()].filter((key) => !reference.has(key) && extraPluralBase(key, categories) === undefined)).toEqual([]);
    });

    it("keeps the variables of pt-BR's _other form in its extra plural forms, and leaves none empty", () => {
      const categories = pluralCategories(locale);
      const problems = [...translated].flatMap(([key, value]) => {
        if (reference.has(key)) return [];
        const base = extraPluralBase(key, categories);
        if (base === undefined) return [];
        if (value.trim() === "") return [`${key}: empty`];
        // As pt-BR's own singulars may ("Primeira linha"), a form may leave {{count}} out.
        const expected = variables(reference.get(`${base}_other`) ?? "");
        const found = variables(value);
        const withCount = [...new Set([...found, "count"])].sort();
        return found.join() === expected.join() || (expected.includes("count") && withCount.join() === expected.join())
          ? []
          : [`${key}: {{${found}}} ≠ {{${expected}}}`];
      });
      expect(problems).toEqual([]);
    });

    it("keeps every interpolation variable and leaves no value empty", () => {
      const problems = [...reference].flatMap(([key, text]) => {
        const value = translated.get(key);
        if (value === undefined) return [];
        if (value.trim() === "") return [`${key}: empty`];
        return variables(value).join() === variables(text).join() ? [] : [`${key}: {{${variables(value)}}} ≠ {{${variables(text)}}}`];
      });
      expect(problems).toEqual([]);
    });
  });
});

/** Languages whose plurals pt-BR's `_one`/`_other` cannot write: each must have every form its PluralRules names. */
describe.each(["ru", "ar"])("plural forms of %s", (locale) => {
  const translated = load(locale);
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;

  it("are written for every plural key of pt-BR, in every category of the language", () => {
    expect(pluralBases.size).toBeGreaterThan(0);
    const missing = [...pluralBases].flatMap((base) => categories.filter((category) => !translated.has(`${base}_${category}`)).map((category) => `${base}_${category}`));
    expect(missing).toEqual([]);
  });
});

/** Counts the interface shows at zero: pt-BR's 'one' (PluralRules picks it for 0) would read '0 psicólogo encontrado'. */
describe.each(SUPPORTED_LOCALES)("counts at zero in %s", (locale) => {
  const translations = Object.fromEntries(
    ["directory", "evaluations", "consultations", "patients", "billing", "records", "practice"].map((namespace) => [namespace, JSON.parse(readFileSync(path.join(ROOT, locale, `${namespace}.json`), "utf8")) as Messages]),
  );
  const t = createTranslator(translations, locale, "directory");

  it("the directory's result count reads as its empty state, without a number", () => {
    expect(t("results.count", { count: 0 })).toBe(t("empty.title"));
  });

  // 'patients:detail.notes': a patient's page, 'Prontuário: Nenhuma anotação clínica', not '0 anotação clínica'.
  it.each(["evaluations:list.count", "consultations:list.count", "patients:count", "patients:detail.notes", "billing:transactions.count", "records:list.count"])("%s has its own words for none", (key) => {
    const text = t(key, { count: 0 });
    expect(text).not.toMatch(/\d/);
    expect(text).not.toBe(t(key, { count: 1 }));
  });

  it.runIf(locale === "pt-BR")("the overview's 'completed' line reads '0 realizadas', not '0 realizada'", () => {
    expect(t("practice:overview.completed", { count: 0 })).toBe("0 realizadas");
  });
});

/**
 * The policy sentence of the four places (step 3, the confirmation e-mail, the
 * cancel dialog, the reschedule page), for many settings: every key found,
 * every variable filled, the count's plural form, never 'vez(es)'.
 */
describe.each(SUPPORTED_LOCALES)("the policy sentences in %s", (locale) => {
  const read = (namespace: string) => JSON.parse(readFileSync(path.join(ROOT, locale, `${namespace}.json`), "utf8")) as Messages;
  const translations = { booking: read("booking"), emails: read("emails"), cancellation: read("cancellation"), reschedule: read("reschedule") };
  const t = (namespace: string, prefix: string) => scopedT(createTranslator(translations, locale, namespace), prefix);
  const places = [
    ["booking", t("booking", "step3.policy"), true, true],
    ["emails", t("emails", "appointment.confirmed.policy"), true, true],
    ["cancellation", t("cancellation", "policy"), true, false],
    ["reschedule", t("reschedule", "policy"), false, true],
  ] as const;

  it.each(places)("%s reads whole sentences", (_namespace, tp, cancels, reschedules) => {
    for (const hours of [0, 1, 2, 3, 5, 11, 21, 24, 100, 720]) {
      for (const count of [0, 1, 2, 3, 5, 10]) {
        const cancellation = { noFeeThresholdHours: hours, partialRefundThresholdHours: Math.floor(hours / 2), partialRefundPercent: 50 };
        const text = policySentence({ cancellation: cancels ? cancellation : undefined, reschedule: reschedules ? { maxReschedulesPerAppointment: count, minHoursBeforeAppointment: hours } : undefined }, tp);
        expect(text).not.toMatch(/{{|policy\.|sentence|fullFrom|fullAlways|partial(Between|Under)|noneUnder|reschedule(Times|Notice)/);
        expect(text).not.toMatch(/\(\p{L}{1,2}\)|\p{L}\/\p{L}/u);
      }
    }
  });

  it("step 3 and the confirmation e-mail say the policy in the same words", () => {
    const booking = translations.booking.step3 as Messages;
    const confirmed = (translations.emails.appointment as Messages).confirmed as Messages;
    expect(confirmed.policy).toEqual(booking.policy);
  });
});

describe("the error texts bundled for a failed root loader", () => {
  it("are pt-BR's common.errors, word for word", async () => {
    const common = JSON.parse(readFileSync(path.join(ROOT, DEFAULT_LOCALE, "common.json"), "utf8")) as { errors: unknown };
    const fallback = JSON.parse(readFileSync(path.resolve("app/i18n/fallback-errors.json"), "utf8")) as unknown;
    expect(fallback).toEqual(common.errors);
  });
});

/**
 * pt-BR says 'paciente' throughout; Russian said 'клиент' on sign-up, the how-it-works and privacy pages and
 * 'пациент' on every dashboard. One word for one person ('Клиент-центрированная терапия' is a method's name).
 */
describe("the person who books, in Russian", () => {
  it("is 'пациент' everywhere, never 'клиент'", () => {
    const clients = [...load("ru")].filter(([, text]) => /(?<![А-Яа-яЁё])клиент(?!-центр)/i.test(text)).map(([key]) => key);
    expect(clients).toEqual([]);
  });
});
