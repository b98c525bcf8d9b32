import type { Transaction } from "kysely";
import type { Locale } from "~/i18n/config";
import { env } from "~/utils/env.server";
import type { Database } from "#db/types";
import { render, type Layout } from "./emails.server";
import { queueMail } from "./mail.server";

/** Alerts to administrators are in Portuguese: an address in ADMIN_EMAILS has no account, so no language of its own. */
export const ADMIN_ALERT_LOCALE: Locale = "pt-BR";

/** One e-mail to every administrator (ADMIN_EMAILS), written in the caller's transaction. */
export async function queueAdminAlert(trx: Transaction<Database>, alert: { template: string; subject: string } & Pick<Layout, "heading" | "paragraphs" | "action">) {
  const { template, subject, ...layout } = alert;
  for (const admin of env().ADMIN_EMAILS) {
    await queueMail(trx, { userId: null, to: admin, template, locale: ADMIN_ALERT_LOCALE, subject, ...render({ locale: ADMIN_ALERT_LOCALE, name: "", ...layout }) });
  }
}
