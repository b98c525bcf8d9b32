import type { BillingPeriod } from "~/domain/practice-billing";
import type { ReportType } from "~/domain/practice-reports";
import { DEFAULT_LOCALE, type Locale } from "./config";
import { getFixedT, getLocale } from "./i18n.server";
import type { TranslateOptions } from "./translate";

/**
 * The `server` namespace: texts the server writes outside any page — the
 * request handler's refusals and the names of downloaded files. No loader
 * returns it, so no page carries it.
 */
const NAMESPACE = "server";

export type DownloadKey = "receipt" | "record" | "dataExport" | `report.${ReportType}` | "billing" | "evaluations" | "audit" | "invite" | "inviteCancelled";

/** A downloaded file's name in `locale`: `server:files.<key>` with its values, then the extension ('recibo-2026-10-01-1a2b3c4d.pdf'). */
export function downloadName(locale: Locale, key: DownloadKey, values: TranslateOptions, extension: string): string {
  return `${getFixedT(locale, NAMESPACE)(`files.${key}`, values)}.${extension}`;
}

/** A word inside a downloaded file's name, in the name's language (`server:files.<key>`): the billing CSV's period ('semana'). */
export function fileNameWord(locale: Locale, key: `billingPeriod.${BillingPeriod}`): string {
  return getFixedT(locale, NAMESPACE)(`files.${key}`);
}

/**
 * A refusal the request handler answers before any route runs, in the
 * language the pages would use (getLocale: cookie, Accept-Language, country).
 * Only headers are read; whatever goes wrong there, it is said in pt-BR.
 */
export async function refusalText(request: Request, key: "crossOrigin" | "tooLarge"): Promise<{ locale: Locale; text: string }> {
  let locale: Locale = DEFAULT_LOCALE;
  try {
    locale = await getLocale(request);
  } catch {
    // A header no detection could read: pt-BR, as for any visitor without one.
  }
  return { locale, text: getFixedT(locale, NAMESPACE)(`refused.${key}`) };
}
