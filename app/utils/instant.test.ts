import { describe, expect, it } from "vitest";
import { instantSchema } from "./instant";

describe("instantSchema", () => {
  const schema = instantSchema("Escolha um horário.");

  it.each(["2030-01-01T10:00:00Z", "2030-01-01T10:00:00.123Z", "2030-01-01T10:00:00-03:00", "2030-01-01T10:00:00+0530", "2030-01-01T10:00:00+23:59"])("takes %s, as sent", (value) => {
    expect(schema.parse(value)).toBe(value);
  });

  it.each(["2030-01-01T10:00:00+99:99", "2030-01-01T10:00:00+2400", "2030-01-01T10:00:00+24:00", "2030-01-01T10:00:00-00:60", "0000-01-01T10:00:00Z", "2030-01-01T10:00:00", "2030-01-01", "amanhã"])(
    "refuses %s with the message",
    (value) => {
      const result = schema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(["Escolha um horário."]);
    },
  );

  it("says the message when the field is missing", () => {
    expect(schema.safeParse(undefined).error?.issues[0]?.message).toBe("Escolha um horário.");
  });
});
