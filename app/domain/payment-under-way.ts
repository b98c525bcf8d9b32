/**
 * The gateway's statuses of a payment not decided yet (Mercado Pago's; the
 * local gateway uses the same): a PIX or boleto issued but not paid. While
 * one is under way the patient is not sent to pay again: a second checkout
 * could charge twice, and a second approval is not refunded by itself (ADR 010).
 */
const UNDER_WAY = new Set(["pending", "in_process", "authorized"]);

export function isPaymentUnderWay(status: string | null | undefined): boolean {
  return typeof status === "string" && UNDER_WAY.has(status);
}
