import { VIDEO_WINDOW_LEAD_MINUTES } from "./video-access";

/**
 * When an unanswered reschedule request expires and the original time stands
 * (the sweep's rule: models/reschedule.server.ts dueRequests), so that the
 * e-mail asking for an answer names the moment the sweep will use.
 */

/** Unanswered requests expire this long before the original start... */
export const REQUEST_EXPIRES_BEFORE_MS = 24 * 3_600_000;
/** ...or, when made later than that, this long before it: when the original's video room opens. */
export const LATE_REQUEST_EXPIRES_BEFORE_MS = VIDEO_WINDOW_LEAD_MINUTES * 60_000;

/** The last moment to answer: 24 h before the original (15 min for a request made later than that), and never after the proposed time. */
export function requestDeadline({ originalStartsAt, proposedStartsAt, requestedAt }: { originalStartsAt: Date; proposedStartsAt: Date; requestedAt: Date }): Date {
  const dayBefore = originalStartsAt.getTime() - REQUEST_EXPIRES_BEFORE_MS;
  const lead = requestedAt.getTime() <= dayBefore ? dayBefore : originalStartsAt.getTime() - LATE_REQUEST_EXPIRES_BEFORE_MS;
  return new Date(Math.min(lead, proposedStartsAt.getTime()));
}
