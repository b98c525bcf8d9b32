import { describe, expect, it } from "vitest";
import { formatCrpInput, isValidCrp } from "./crp";

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
