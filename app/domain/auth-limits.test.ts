import { describe, expect, it } from "vitest";
import { accountFormLimits, signInDelayMs, signInLimits } from "./auth-limits";

describe("sign-in delay for an e-mail", () => {
  it.each([
    [0, 0],
    [5, 0],
    [6, 250],
    [7, 500],
    [8, 1_000],
    [10, 4_000],
    [11, 5_000],
    [50, 5_000],
  ])("after %i failures (limit 5) waits %i ms", (failures, ms) => {
    expect(signInDelayMs(failures, 5)).toBe(ms);
  });
});

describe("limits", () => {
  it("sign-in counts the (e-mail, IP) pair and the IP, never the e-mail alone", () => {
    const limits = signInLimits(" Maria@Exemplo.com ", "203.0.113.1", 5);
    expect(limits.map((limit) => [limit.key, limit.max])).toEqual([
      ["login:pair:maria@exemplo.com:203.0.113.1", 5],
      ["login:ip:203.0.113.1", 50],
    ]);
  });

  it("the account forms count per address and per IP", () => {
    for (const form of ["signup", "forgot", "resend"] as const) {
      const keys = accountFormLimits(form, "a@b.c", "192.0.2.1", 5).map((limit) => limit.key);
      expect(keys).toEqual([`${form}:email:a@b.c`, `${form}:ip:192.0.2.1`]);
    }
  });
});
