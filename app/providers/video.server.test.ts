import { afterEach, describe, expect, it } from "vitest";
import { ENVIRONMENT_CONSTANTS, parseEnv, resetEnvForTests } from "~/utils/env.server";
import { VideoProviderError, createVideoProvider, resetVideoProvider, videoProvider, videoRoomNameFor, type VideoProvider } from "./video.server";

const base = { APP_URL: "http://localhost:3000", SESSION_SECRET: "s" };

describe("createVideoProvider", () => {
  it("is local in development without a Daily key", () => {
    expect(createVideoProvider(parseEnv({ ...base, APP_ENV: "development" })).name).toBe("local");
  });

  it("is Daily when a key is configured", () => {
    expect(createVideoProvider(parseEnv({ ...base, APP_ENV: "development", DAILY_API_KEY: "k" })).name).toBe("daily");
  });

  it("refuses Daily without a key", () => {
    expect(() => createVideoProvider(parseEnv({ ...base, APP_ENV: "development", VIDEO_PROVIDER: "daily" }))).toThrow(/DAILY_API_KEY/);
  });

  it("refuses the local provider in production", () => {
    const production = {
      ...parseEnv({ ...base, APP_ENV: "development" }),
      appEnv: "production" as const,
      videoProvider: "local" as const,
      constants: ENVIRONMENT_CONSTANTS.production,
    };
    expect(() => createVideoProvider(production)).toThrow(/production/);
  });
});

describe("videoProvider", () => {
  afterEach(() => {
    resetVideoProvider();
    resetEnvForTests();
  });

  it("is built once from env() and can be swapped and reset", () => {
    const first = videoProvider();
    expect(videoProvider()).toBe(first);

    const fake: VideoProvider = { ...first, name: "daily" };
    resetVideoProvider(fake);
    expect(videoProvider()).toBe(fake);

    resetVideoProvider();
    expect(videoProvider()).not.toBe(fake);
  });
});

describe("shared pieces", () => {
  it("VideoProviderError marks only rate limits and outages retryable", () => {
    expect(new VideoProviderError("rate_limited", "x").retryable).toBe(true);
    expect(new VideoProviderError("unavailable", "x").retryable).toBe(true);
    for (const kind of ["unauthorized", "not_found", "bad_request"] as const) {
      expect(new VideoProviderError(kind, "x").retryable).toBe(false);
    }
  });

  it("room names are acolhe-<id>, lowercased, within Daily's alphabet", () => {
    expect(videoRoomNameFor("ABC-123_x")).toBe("acolhe-abc-123_x");
    expect(() => videoRoomNameFor("")).toThrow();
    expect(() => videoRoomNameFor("a.b")).toThrow();
    expect(() => videoRoomNameFor("x".repeat(101))).toThrow();
  });
});
