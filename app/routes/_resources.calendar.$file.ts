import type { LoaderFunctionArgs } from "@remix-run/node";
import { renderFeed } from "~/services/calendar-feed.server";

/**
 * /calendar/{token}.ics — a psychologist's private calendar subscription.
 * The token is the credential (calendar apps send no cookie); an unknown or
 * revoked one is a 404 that says nothing more.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const file = params.file ?? "";
  const feed = file.endsWith(".ics") ? await renderFeed(file.slice(0, -".ics".length)) : null;
  if (feed === null) return new Response(null, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(feed, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="acolhe.ics"',
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
      "Referrer-Policy": "no-referrer",
    },
  });
}
