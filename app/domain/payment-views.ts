/** The administrator's views of payments: all, refunds the provider refused, payments undecided after a day, approvals not applied. */
export const PAYMENT_VIEWS = ["all", "failed_refunds", "stuck", "unapplied"] as const;
export type PaymentView = (typeof PAYMENT_VIEWS)[number];
