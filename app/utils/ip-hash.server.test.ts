import { describe, expect, it } from "vitest";
import { ipHash } from "./ip-hash.server";

describe("ipHash", () => {
  it("is stable for one address and secret", () => {
    expect(ipHash("203.0.113.7", "s1")).toBe(ipHash("203.0.113.7", "s1"));
    expect(ipHash("203.0.113.7", "s1")).toMatch(/^[0-9a-f]{32}$/);
  });

  it("tells different addresses apart", () => {
    expect(ipHash("203.0.113.7", "s1")).not.toBe(ipHash("203.0.113.8", "s1"));
    expect(ipHash("2001:db8::1", "s1")).not.toBe(ipHash("2001:db8::2", "s1"));
  });

  it("depends on the secret, so it cannot be reversed by hashing every address", () => {
    expect(ipHash("203.0.113.7", "s1")).not.toBe(ipHash("203.0.113.7", "s2"));
  });

  it("never contains the address", () => {
    expect(ipHash("10.0.0.1", "s1")).not.toContain("10.0.0.1");
  });

  it("treats an IPv4-mapped IPv6 address as the IPv4 one, and ignores case and spaces", () => {
    expect(ipHash("::ffff:203.0.113.7", "s1")).toBe(ipHash("203.0.113.7", "s1"));
    expect(ipHash(" 2001:DB8::1 ", "s1")).toBe(ipHash("2001:db8::1", "s1"));
  });
});
