import { describe, expect, it } from "vitest";
import { formatCrpInput, isValidCrp, normalizeCrp } from "./crp";

describe("isValidCrp", () => {
  it.each(["06/123456", "01/000001", "21/999999"])("accepts %s", (crp) => expect(isValidCrp(crp)).toBe(true));
  it.each(["6/123456", "06-123456", "06/12345", "06/1234567", "AB/123456", "06123456", " 06/123456", ""])("refuses %s", (crp) =>
    expect(isValidCrp(crp)).toBe(false),
  );
});

describe("formatCrpInput (the spec's auto-format)", () => {
  it.each([
    ["0", "0"],
    ["06", "06"],
    ["061", "06/1"],
    ["06123456", "06/123456"],
    ["06/123456", "06/123456"],
    ["06-12 34a56", "06/123456"],
    ["0612345678", "06/123456"],
  ])("%s → %s", (raw, expected) => expect(formatCrpInput(raw)).toBe(expected));
  it("never exceeds the field's 9 characters", () => expect(formatCrpInput("1".repeat(20))).toHaveLength(9));
});

describe("normalizeCrp (what the server stores, typed with or without JavaScript)", () => {
  it.each([
    ["06/123456", "06/123456"],
    ["06123456", "06/123456"],
    ["06 123456", "06/123456"],
    ["06-123456", "06/123456"],
    ["06.123456", "06/123456"],
    ["06.123.456", "06/123456"],
    ["06-123-456", "06/123456"],
    ["06 / 123456", "06/123456"],
    ["06/123-456", "06/123456"],
    ["06/123.456", "06/123456"],
    [" 06/123456 ", "06/123456"],
    ["\t06123456\n", "06/123456"],
    ["06\u2013123456", "06/123456"],
    ["06\u00a0123456", "06/123456"],
    ["01/000001", "01/000001"],
    ["21999999", "21/999999"],
  ])("%j → %s", (raw, expected) => expect(normalizeCrp(raw)).toBe(expected));

  it.each([
    "",
    "   ",
    "/",
    "6/123456",
    "0612345",
    "06/12345",
    "061234567",
    "06/1234567",
    "0612345678",
    "AB/123456",
    "06/12345a",
    "CRP 06/123456",
    "06_123456",
    "06//123456",
    "061/23456",
    "061234/56",
    "06/123456/",
    "06\\123456",
    "０６/１２３４５６",
    "٠٦/١٢٣٤٥٦",
    "-06123456-x",
  ])("refuses %j", (raw) => expect(normalizeCrp(raw)).toBeNull());

  it("what it returns always passes the spec's pattern", () => {
    for (const raw of ["06123456", "06 123456", "06-123456", "06/123456"]) expect(isValidCrp(normalizeCrp(raw)!)).toBe(true);
  });
});
