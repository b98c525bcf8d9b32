import { describe, expect, it } from "vitest";
import { containsPattern, DEFAULT_FILTERS, directorySearch, foldText, pageCount, priceBandBounds, specialtiesMatching } from "./directory";

describe("priceBandBounds", () => {
  it("bounds each band above its lower limit and up to its upper one, in centavos", () => {
    expect(priceBandBounds("all")).toEqual({});
    expect(priceBandBounds("le150")).toEqual({ max: 15000 });
    expect(priceBandBounds("150-250")).toEqual({ min: 15000, max: 25000 });
    expect(priceBandBounds("250-350")).toEqual({ min: 25000, max: 35000 });
    expect(priceBandBounds("gt350")).toEqual({ min: 35000 });
  });
});

describe("specialtiesMatching", () => {
  const pt = { anxiety: "Ansiedade", depression: "Depressão", "stress-burnout": "Estresse e Burnout" };
  const en = { anxiety: "Anxiety", depression: "Depression", "stress-burnout": "Stress and Burnout" };

  it("finds codes whose label contains the text, ignoring accents and case", () => {
    expect(specialtiesMatching("depressao", [pt])).toEqual(["depression"]);
    expect(specialtiesMatching("ANSIE", [pt])).toEqual(["anxiety"]);
    expect(specialtiesMatching("burnout", [pt, en])).toEqual(["stress-burnout"]);
  });

  it("searches every label set given (the visitor's language and pt-BR)", () => {
    expect(specialtiesMatching("anxiety", [en, pt])).toEqual(["anxiety"]);
    expect(specialtiesMatching("ansiedade", [en, pt])).toEqual(["anxiety"]);
  });

  it("finds nothing for blank text", () => {
    expect(specialtiesMatching("   ", [pt])).toEqual([]);
  });
});

describe("containsPattern", () => {
  it("wraps the text in % and escapes LIKE's own wildcards", () => {
    expect(containsPattern("ana")).toBe("%ana%");
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});

describe("directorySearch", () => {
  it("leaves defaults out, so the first page of everything is plain /psychologists", () => {
    expect(directorySearch(DEFAULT_FILTERS)).toBe("");
    expect(directorySearch(DEFAULT_FILTERS, { page: 1, view: "grid" })).toBe("");
  });

  it("writes every other value", () => {
    const search = directorySearch({ ...DEFAULT_FILTERS, q: "ana maria", specialty: "grief", price: "gt350", availability: "today", language: "en", sort: "name", view: "list" }, { page: 3 });
    expect(Object.fromEntries(new URLSearchParams(search))).toEqual({ q: "ana maria", specialty: "grief", price: "gt350", availability: "today", language: "en", sort: "name", view: "list", page: "3" });
  });
});

describe("small helpers", () => {
  it("folds text", () => expect(foldText("  Árvore ÇÃO ")).toBe("arvore cao"));
  it("counts pages of 12, at least one", () => {
    expect([0, 1, 12, 13, 24, 25].map((total) => pageCount(total))).toEqual([1, 1, 1, 2, 2, 3]);
  });
});
