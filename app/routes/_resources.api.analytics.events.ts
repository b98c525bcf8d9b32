import type { ActionFunctionArgs } from "@remix-run/node";
import { recordAnalyticsEvent } from "~/services/analytics.server";
import { log } from "~/utils/logger.server";

/**
 * POST /api/analytics/events: the carousel's impression and click events
 * (JSON). 204 when stored, 400 with a JSON error for a bad payload, 429 when
 * the client sends too many. The page sends them with sendBeacon and ignores
 * the answer, so a failure here never breaks it.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ error: "method_not_allowed" }, { status: 405, headers: { Allow: "POST" } });
  let body: unknown;
  try {
    // sendBeacon posts text/plain; the body is JSON either way.
    body = JSON.parse(await request.text());
  } catch {
    return Response.json({ error: "invalid_json" }, { status: 400 });
  }
  try {
    const result = await recordAnalyticsEvent(body, { ip: context.clientIp, userAgent: request.headers.get("User-Agent") });
    switch (result.status) {
      case 204:
        return new Response(null, { status: 204 });
      case 429:
        return Response.json({ error: "rate_limited" }, { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } });
      default:
        return Response.json({ error: result.error, issues: result.issues }, { status: 400 });
    }
  } catch (error) {
    log().error({ err: error }, "analytics event not recorded");
    return Response.json({ error: "unavailable" }, { status: 503 });
  }
}

export function loader() {
  return Response.json({ error: "method_not_allowed" }, { status: 405, headers: { Allow: "POST" } });
}
