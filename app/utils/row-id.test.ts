import { describe, expect, it } from "vitest";
import { rowIdSchema } from "./row-id";

describe("rowIdSchema", () => {
  it.each([
    ["1", 1],
    ["42", 42],
    ["9007199254740991", Number.MAX_SAFE_INTEGER],
  ])("takes %s", (value, id) => {
    expect(rowIdSchema.parse(value)).toBe(id);
  });

  it.each(["1e30", "99999999999999999999", "9007199254740992", "0", "-1", "1.5", "0x10", " 1", "", "Infinity"])("refuses %s", (value) => {
    expect(rowIdSchema.safeParse(value).success).toBe(false);
  });
});
