import { describe, expect, it } from "vitest";
import { ACTIVE_STATUSES, HAPPENED_STATUSES, maskCpf } from "./practice-patients";

describe("maskCpf", () => {
  it("shows only the middle six digits, however the CPF was typed", () => {
    expect(maskCpf("12345678909")).toBe("***.456.789-**");
    expect(maskCpf("123.456.789-09")).toBe("***.456.789-**");
  });

  it("shows nothing for a missing or malformed CPF rather than a partial number", () => {
    expect(maskCpf(null)).toBeNull();
    expect(maskCpf("")).toBeNull();
    expect(maskCpf("1234567890")).toBeNull();
  });
});

describe("the statuses", () => {
  it("count neither unpaid holds nor cancellations as consultations", () => {
    for (const status of ["pending_payment", "pending", "cancelled"]) {
      expect(HAPPENED_STATUSES).not.toContain(status);
      expect(ACTIVE_STATUSES).not.toContain(status);
    }
    expect(ACTIVE_STATUSES).not.toContain("no_show");
    expect(HAPPENED_STATUSES).toContain("no_show");
  });
});
