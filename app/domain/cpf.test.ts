import { describe, expect, it } from "vitest";
import { formatCpf, isValidCpf, normalizeCpf } from "./cpf";

describe("isValidCpf", () => {
  it.each(["529.982.247-25", "52998224725", "111.444.777-35", "123.456.789-09", "935.411.347-80", " 529 982 247 25 "])("accepts %s", (cpf) => {
    expect(isValidCpf(cpf)).toBe(true);
  });
  it.each([
    ["wrong first check digit", "529.982.247-35"],
    ["wrong second check digit", "529.982.247-26"],
    ["repeated digits", "111.111.111-11"],
    ["all zeros", "000.000.000-00"],
    ["too short", "5299822472"],
    ["too long", "529982247255"],
    ["letters", "529.982.24a-25"],
    ["empty", ""],
  ])("refuses %s", (_why, cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });
});

describe("formatting", () => {
  it("normalizes to digits", () => expect(normalizeCpf("529.982.247-25")).toBe("52998224725"));
  it("formats eleven digits", () => expect(formatCpf("52998224725")).toBe("529.982.247-25"));
  it("leaves anything else alone", () => expect(formatCpf("123")).toBe("123"));
});
