import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_LOCALE, SUPPORTED_LOCALES } from "./config";

/** Every locale must hold exactly pt-BR's keys, with the same {{variables}}. */

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

    it("adds no key pt-BR lacks", () => {
      expect([...translated.keys()].filter((key) => !reference.has(key))).toEqual([]);
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

describe("the error texts bundled for a failed root loader", () => {
  it("are pt-BR's common.errors, word for word", async () => {
    const common = JSON.parse(readFileSync(path.join(ROOT, DEFAULT_LOCALE, "common.json"), "utf8")) as { errors: unknown };
    const fallback = JSON.parse(readFileSync(path.resolve("app/i18n/fallback-errors.json"), "utf8")) as unknown;
    expect(fallback).toEqual(common.errors);
  });
});
