import type { ActionFunctionArgs } from "@remix-run/node";
import { receivePaymentNotification } from "~/services/payment-webhook.server";

/**
 * POST /webhooks/mercadopago — Mercado Pago's payment notifications (and the
 * local checkout's, signed the same way). 401 without a valid, fresh
 * signature; otherwise recorded once and answered at once, the work done
 * by a job. app/server.ts exempts /webhooks/ from the same-origin check.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ error: "method not allowed" }, { status: 405, headers: { Allow: "POST" } });
  const result = await receivePaymentNotification(request);
  return Response.json(result.body, { status: result.status });
}

export function loader() {
  return Response.json({ error: "method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}
