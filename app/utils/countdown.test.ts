import { describe, expect, it } from "vitest";
import { countdownLabel as label } from "./countdown";

/** French puts a narrow no-break space between number and unit. */
const countdownLabel = (seconds: number, locale: string) => label(seconds, locale).replace(/\s/g, " ");

describe("the video page's countdown", () => {
  it("is a clock under a day", () => {
    expect(countdownLabel(59, "it")).toBe("00:59");
    expect(countdownLabel(2 * 3600 + 11 * 60 + 8, "hi")).toBe("2:11:08");
    expect(countdownLabel(86_399, "fr")).toBe("23:59:59");
  });

  it("says the days in the reader's language from a day ahead, never '146:03:12'", () => {
    const sixDays = 6 * 86_400 + 2 * 3600 + 3 * 60 + 12;
    expect(countdownLabel(sixDays, "it")).toBe("6 giorni 02:03:12");
    expect(countdownLabel(sixDays, "fr")).toBe("6 jours 02:03:12");
    expect(countdownLabel(sixDays, "hi")).toBe("6 दिन 02:03:12");
    expect(countdownLabel(86_400 + 5, "pt-BR")).toBe("1 dia 00:00:05");
    expect(countdownLabel(3 * 86_400, "ru")).toBe("3 дня 00:00:00");
    for (const locale of ["pt-BR", "it", "fr", "hi", "ar", "zh-CN"]) expect(countdownLabel(sixDays, locale)).not.toMatch(/146/);
  });
});
