import { env, type Env } from "~/utils/env.server";
import type { VideoProvider } from "./video.contract.server";
import { createDailyVideoProvider } from "./video.daily.server";
import { createLocalVideoProvider } from "./video.local.server";

/**
 * The video service behind one small interface: Daily in production, a
 * network-free local stand-in for development (DESIGN.md, "Local providers").
 */
export {
  VideoProviderError,
  videoRoomNameFor,
  type MeetingTokenInput,
  type VideoProvider,
  type VideoProviderErrorKind,
  type VideoRoom,
  type VideoRoomTimes,
} from "./video.contract.server";

type VideoEnv = Pick<Env, "videoProvider" | "appEnv" | "APP_URL" | "SESSION_SECRET" | "DAILY_API_KEY" | "DAILY_API_URL" | "constants">;

export function createVideoProvider(config: VideoEnv): VideoProvider {
  if (config.videoProvider === "local") {
    // env() already forces Daily in production; this guards any other caller.
    if (config.appEnv === "production") throw new Error("The local video provider cannot run in production");
    return createLocalVideoProvider({ appUrl: config.APP_URL, secret: config.SESSION_SECRET });
  }
  if (!config.DAILY_API_KEY) throw new Error("VIDEO_PROVIDER is daily but DAILY_API_KEY is not set");
  return createDailyVideoProvider({
    apiKey: config.DAILY_API_KEY,
    apiUrl: config.DAILY_API_URL,
    timeoutMs: config.constants.apiTimeoutMs,
    retries: config.constants.apiRetries,
  });
}

let provider: VideoProvider | undefined;

export function videoProvider(): VideoProvider {
  provider ??= createVideoProvider(env());
  return provider;
}

/** Tests swap in a fake, or clear the cache so the next call reads env() again. */
export function resetVideoProvider(replacement?: VideoProvider) {
  provider = replacement;
}
