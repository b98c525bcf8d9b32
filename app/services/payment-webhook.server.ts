import { notificationDataId, parseSignatureHeader, verifyMercadoPagoSignature } from "~/domain/mercadopago-signature";
import { db } from "~/models/db.server";
import { insertNotification } from "~/models/payment.server";
import { paymentGateway } from "~/providers/payments.server";
import { env } from "~/utils/env.server";
import { log } from "~/utils/logger.server";
import { enqueue } from "./queue.server";

/**
 * Mercado Pago's notifications (POST /webhooks/mercadopago), and the local
 * checkout's, which are signed the same way: verify the signature, record
 * the notification once, queue its processing in the same transaction, and
 * answer at once. Nothing is written for a request that fails verification.
 */

export type WebhookResult =
  | { status: 401; body: { error: string } }
  | { status: 400; body: { error: string } }
  | { status: 200; body: { received: true; duplicate?: true; ignored?: true } };

async function readTopic(request: Request, url: URL): Promise<string | null> {
  const fromQuery = url.searchParams.get("type") ?? url.searchParams.get("topic");
  if (fromQuery) return fromQuery;
  try {
    const body = (await request.clone().json()) as { type?: unknown; topic?: unknown } | null;
    const topic = body?.type ?? body?.topic;
    return typeof topic === "string" ? topic : null;
  } catch {
    return null;
  }
}

export async function receivePaymentNotification(request: Request, now = new Date()): Promise<WebhookResult> {
  const url = new URL(request.url);
  const dataId = notificationDataId(url);
  const requestId = request.headers.get("x-request-id");
  const signature = request.headers.get("x-signature");
  const check = verifyMercadoPagoSignature({ signature, dataId, requestId, secret: env().MERCADOPAGO_WEBHOOK_SECRET, now });
  if (!check.ok) {
    log().warn({ reason: check.reason, dataId, requestId }, "webhook refused: signature");
    return { status: 401, body: { error: "invalid signature" } };
  }

  const topic = await readTopic(request, url);
  // Only payments move money here; other topics (merchant orders, …) are acknowledged and left alone.
  if (topic !== "payment") return { status: 200, body: { received: true, ignored: true } };
  if (!dataId || !/^[A-Za-z0-9_-]{1,64}$/.test(dataId)) return { status: 400, body: { error: "missing data.id" } };

  // Mercado Pago always sends x-request-id; without one, the signed timestamp identifies the delivery.
  const deliveryId = requestId?.trim() || `${dataId}:${parseSignatureHeader(signature ?? "")?.ts ?? now.getTime()}`;
  const provider = paymentGateway().name;
  const recorded = await db.transaction().execute(async (trx) => {
    const notificationId = await insertNotification(trx, { provider, requestId: deliveryId.slice(0, 200), topic, resourceId: dataId });
    if (notificationId === null) return false;
    await enqueue("payments.process-notification", { notificationId, paymentId: dataId }, {}, trx);
    return true;
  });
  return recorded ? { status: 200, body: { received: true } } : { status: 200, body: { received: true, duplicate: true } };
}
