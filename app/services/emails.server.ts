import { isRtl, toSupportedLocale, DEFAULT_LOCALE, type Locale } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { env } from "~/utils/env.server";

/**
 * The e-mails of the platform, written in the recipient's language from the
 * `emails` namespace: a subject, an HTML body (inline styles, one column, no
 * images — light on a phone) and a plain-text twin.
 */

export interface EmailContent {
  template: string;
  locale: Locale;
  subject: string;
  html: string;
  text: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

export interface Layout {
  locale: Locale;
  /** The recipient's first name, for the greeting line. */
  name: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
}

export function render({ locale, name, heading, paragraphs: body, action, footnote }: Layout): { html: string; text: string } {
  const t = getFixedT(locale, "emails");
  const paragraphs = [name.trim() ? t("greeting", { name: name.trim() }) : t("greetingAnonymous"), ...body];
  const dir = isRtl(locale) ? "rtl" : "ltr";
  const signature = t("signature");
  const html = `<!doctype html>
<html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;padding:24px">
<p style="font-size:20px;font-weight:700;color:#115e59;margin:0 0 16px">Acolhe</p>
<div style="background:#ffffff;border-radius:12px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>
${paragraphs.map((p) => `<p style="font-size:15px;line-height:1.5;margin:0 0 12px">${escapeHtml(p)}</p>`).join("\n")}
${action ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#475569;word-break:break-all">${escapeHtml(action.url)}</p>` : ""}
${footnote ? `<p style="font-size:13px;color:#475569;margin:16px 0 0">${escapeHtml(footnote)}</p>` : ""}
</div>
<p style="font-size:12px;color:#64748b;margin:16px 0 0">${escapeHtml(signature)}</p>
</div></body></html>`;
  // The button's label and its address joined the language's way: 'Label : url' in French, 'Label：url' in Chinese.
  const actionLine = action ? t("actionLine", { label: action.label, url: action.url }) : null;
  const text = [heading, "", ...paragraphs, ...(actionLine ? ["", actionLine] : []), ...(footnote ? ["", footnote] : []), "", signature].join("\n");
  return { html, text };
}

export function recipientLocale(locale: string | null | undefined): Locale {
  return toSupportedLocale(locale) ?? DEFAULT_LOCALE;
}

export function absoluteUrl(path: string): string {
  return new URL(path, env().APP_URL).toString();
}

function email(template: string, locale: Locale, subjectKey: string, layout: Omit<Layout, "locale">): EmailContent {
  const t = getFixedT(locale, "emails");
  return { template, locale, subject: t(subjectKey), ...render({ locale, ...layout }) };
}

export function verificationEmail(locale: Locale, { name, token }: { name: string; token: string }): EmailContent {
  const t = getFixedT(locale, "emails");
  return email("email_verification", locale, "verify.subject", {
    name,
    heading: t("verify.heading"),
    paragraphs: [t("verify.body")],
    action: { label: t("verify.button"), url: absoluteUrl(`/verify-email?token=${encodeURIComponent(token)}`) },
    footnote: t("verify.ignore"),
  });
}

/** Sign-up with an address that already has an account: tell its owner, tell the visitor nothing. */
export function accountExistsEmail(locale: Locale, { name }: { name: string }): EmailContent {
  const t = getFixedT(locale, "emails");
  return email("account_exists", locale, "accountExists.subject", {
    name,
    heading: t("accountExists.heading"),
    paragraphs: [t("accountExists.body")],
    action: { label: t("accountExists.button"), url: absoluteUrl("/forgot-password") },
    footnote: t("accountExists.ignore"),
  });
}

export function passwordResetEmail(locale: Locale, { name, token }: { name: string; token: string }): EmailContent {
  const t = getFixedT(locale, "emails");
  return email("password_reset", locale, "reset.subject", {
    name,
    heading: t("reset.heading"),
    paragraphs: [t("reset.body")],
    action: { label: t("reset.button"), url: absoluteUrl(`/reset-password?token=${encodeURIComponent(token)}`) },
    footnote: t("reset.ignore"),
  });
}

export function passwordChangedEmail(locale: Locale, { name }: { name: string }): EmailContent {
  const t = getFixedT(locale, "emails");
  return email("password_changed", locale, "passwordChanged.subject", {
    name,
    heading: t("passwordChanged.heading"),
    paragraphs: [t("passwordChanged.body"), t("passwordChanged.notYou")],
    action: { label: t("passwordChanged.button"), url: absoluteUrl("/forgot-password") },
  });
}

export function accountDeletedEmail(locale: Locale, { name }: { name: string }): EmailContent {
  const t = getFixedT(locale, "emails");
  return email("account_deleted", locale, "accountDeleted.subject", {
    name,
    heading: t("accountDeleted.heading"),
    paragraphs: [t("accountDeleted.body"), t("accountDeleted.retention")],
  });
}
