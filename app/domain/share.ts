/**
 * Sharing a psychologist's public profile (spec, section 2): three networks
 * plus copy link. The share URLs are the networks' own public endpoints.
 */

export const SHARE_NETWORKS = ["facebook", "twitter", "linkedin"] as const;
export type ShareNetwork = (typeof SHARE_NETWORKS)[number];

/** What share_events.platform records. */
export type SharePlatform = ShareNetwork | "copy_link";

/**
 * The spec's 600×400 share window, by name: the share form posts into it.
 * (Not noopener: the form must find the window by its name. Our pages send
 * Cross-Origin-Opener-Policy: same-origin, so the network's page gets no
 * handle on the opener anyway.)
 */
export const SHARE_WINDOW = "acolhe-share";
export const SHARE_WINDOW_FEATURES = "width=600,height=400";

/** The network's page that shares `url` (with `text` where the network takes one). */
export function shareTargetUrl(network: ShareNetwork, url: string, text: string): string {
  const u = encodeURIComponent(url);
  switch (network) {
    case "facebook":
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case "twitter":
      return `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(text)}`;
    case "linkedin":
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
  }
}

/** The public profile's canonical address, the one every share points to. */
export function profilePath(psychologistId: string): string {
  return `/psychologists/${psychologistId}`;
}

export function bookingPath(psychologistId: string): string {
  return `/schedule/step1?psychologistId=${encodeURIComponent(psychologistId)}`;
}
