import { describe, expect, it } from "vitest";
import { cpfCheckDigits, formatCpf, isValidCpf, maskCpf, normalizeCpf } from "./cpf";

describe("isValidCpf", () => {
  it.each(["529.982.247-25", "52998224725", "111.444.777-35", "123.456.789-09", "935.411.347-80", " 529 982 247 25 ", "000.000.001-91", "390.533.447-05"])("accepts %s", (cpf) => {
    expect(isValidCpf(cpf)).toBe(true);
  });
  it.each([
    ["wrong first check digit", "529.982.247-35"],
    ["wrong second check digit", "529.982.247-26"],
    ["both check digits swapped", "529.982.247-52"],
    ["repeated digits", "111.111.111-11"],
    ["all zeros", "000.000.000-00"],
    ["all nines", "999.999.999-99"],
    ["too short", "5299822472"],
    ["too long", "529982247255"],
    ["letters", "529.982.24a-25"],
    ["empty", ""],
    ["only punctuation", "...-"],
  ])("refuses %s", (_why, cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });
  it("refuses every repeated-digit CPF, though their arithmetic works", () => {
    for (let digit = 0; digit <= 9; digit += 1) expect(isValidCpf(String(digit).repeat(11))).toBe(false);
  });
});

describe("check digits", () => {
  it.each([
    ["529982247", "25"],
    ["111444777", "35"],
    ["123456789", "09"],
    ["935411347", "80"],
  ])("%s → %s", (base, digits) => expect(cpfCheckDigits(base)).toBe(digits));
  it("makes a valid CPF of any base that is not all one digit", () => {
    for (const base of ["000000001", "987654321", "100000000", "314159265"]) expect(isValidCpf(base + cpfCheckDigits(base))).toBe(true);
  });
  it("wants nine digits", () => expect(() => cpfCheckDigits("1234")).toThrow());
});

describe("formatting", () => {
  it("normalizes to digits", () => expect(normalizeCpf("529.982.247-25")).toBe("52998224725"));
  it("normalizes spaces and dashes", () => expect(normalizeCpf(" 529 982-247/25 ")).toBe("52998224725"));
  it("formats eleven digits", () => expect(formatCpf("52998224725")).toBe("529.982.247-25"));
  it("formats an already formatted CPF the same", () => expect(formatCpf("529.982.247-25")).toBe("529.982.247-25"));
  it("leaves anything else alone", () => expect(formatCpf("123")).toBe("123"));
  it("masks the first three and the check digits", () => expect(maskCpf("529.982.247-25")).toBe("***.982.247-**"));
  it("masks 123.456.789-09 as the receipts show it", () => expect(maskCpf("12345678909")).toBe("***.456.789-**"));
  it("masks anything else entirely", () => expect(maskCpf("12345")).toBe("***"));
});
