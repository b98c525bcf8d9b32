import { describe, expect, it } from "vitest";
import { loggableUrl } from "./logger.server";

describe("loggableUrl", () => {
  it.each([
    ["/calendar/Zm9vYmFyLXNlY3JldA.ics", "/calendar/[redacted].ics"],
    ["/reset-password?token=abc123", "/reset-password?token=%5Bredacted%5D"],
    ["https://acolhe.com.br/verify-email?token=abc&x=1", "https://acolhe.com.br/verify-email?token=%5Bredacted%5D&x=1"],
    ["/auth/google/callback?state=s3cr3t&code=4%2F0Ab", "/auth/google/callback?state=%5Bredacted%5D&code=%5Bredacted%5D"],
  ])("masks the credential in %s", (url, logged) => {
    expect(loggableUrl(url)).toBe(logged);
    expect(loggableUrl(url)).not.toMatch(/Zm9vYmFy|abc|s3cr3t|0Ab/);
  });

  it.each(["/psychologists?q=ansiedade&page=2", "/psychologist-dashboard/appointments", "/calendar", "/"])("keeps %s as it is", (url) => {
    expect(loggableUrl(url)).toBe(url);
  });
});
