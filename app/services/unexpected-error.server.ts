import { data } from "@remix-run/node";
import { log } from "~/utils/logger.server";

/** The status of a form answered after a failure the person could not cause nor fix. */
export const UNEXPECTED_STATUS = 500;

/** What an action throws on purpose: a Response (redirect, 404) or `throw data(...)`. */
function thrownOnPurpose(error: unknown): boolean {
  return error instanceof Response || (typeof error === "object" && error !== null && (error as { type?: unknown }).type === "DataWithResponseInit");
}

/**
 * Runs the part of a form's action that reads and writes past validation.
 * A failure nobody foresaw (database down, a provider's error) would end on
 * the error page and lose what was typed; here it is logged at error level
 * (the request's logger carries its id) and answered with `reply()` — the
 * submission with the spec's message as a form error — so the page renders
 * the same form again, filled in. Known refusals stay the caller's: it
 * returns them from `work`, with their own 4xx status.
 */
export async function answerUnexpected<T, R>(what: string, work: () => Promise<T>, reply: () => R) {
  try {
    return await work();
  } catch (error) {
    if (thrownOnPurpose(error)) throw error;
    log().error({ err: error, form: what }, "form failed unexpectedly");
    return data(reply(), { status: UNEXPECTED_STATUS });
  }
}
