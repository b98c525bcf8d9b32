import { parseWithZod } from "@conform-to/zod";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { profilePath, SHARE_NETWORKS, shareTargetUrl } from "~/domain/share";
import { isRtl } from "~/i18n/config";
import { pageTranslations } from "~/i18n/i18n.server";
import type { TFunction } from "~/i18n/translate";
import { recordShare } from "~/models/public-profile.server";
import { env } from "~/utils/env.server";

/** The share menu's fields: a network or copy link, and `mode=record` only from the page's background post. */
function shareSchema(t: TFunction) {
  return z.object({
    platform: z.enum([...SHARE_NETWORKS, "copy_link"], { message: t("share.invalid") }),
    // Any other mode is no form of ours: refused rather than taken as a hand-off.
    mode: z.literal("record", { message: t("share.invalid") }).optional(),
  });
}

/**
 * POST /share/{psychologistId}: records a share in share_events, then sends
 * the browser on to the network's share page. The share menu's form posts
 * here, into a window of its own (a new tab without JavaScript, a 600×400
 * window with it); copy link posts `mode=record` in the background and gets
 * a 204.
 *
 * The hand-off is a tiny page that refreshes to the network, not a 303: the
 * Content-Security-Policy's form-action also governs the redirects that
 * follow a form post, and the networks are (rightly) not in it.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? "";
  const { locale, t } = await pageTranslations(request, ["profile"]);
  const submission = parseWithZod(await request.formData(), { schema: shareSchema(t) });
  // Plain text: without JavaScript this answer is what the share tab shows.
  if (submission.status !== "success") return new Response(t("share.invalid"), { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const { platform, mode } = submission.value;
  if (!(await recordShare(id, platform))) throw new Response(t("notFound.title"), { status: 404 });
  if (mode === "record") return new Response(null, { status: 204 });
  if (platform === "copy_link") return redirect(profilePath(id), 303);
  const target = shareTargetUrl(platform, new URL(profilePath(id), env().APP_URL).toString(), t("share.text"));
  const continueText = t("share.continue", { network: t(`share.${platform}`) });
  return new Response(handOffPage(locale, target, continueText), {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function handOffPage(locale: string, target: string, text: string): string {
  const url = escapeHtml(target);
  return `<!doctype html><html lang="${escapeHtml(locale)}" dir="${isRtl(locale) ? "rtl" : "ltr"}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta http-equiv="refresh" content="0;url=${url}"><title>${escapeHtml(text)}</title></head><body><p><a href="${url}">${escapeHtml(text)}</a></p></body></html>`;
}

/** Someone who opens the address sees the profile. */
export function loader({ params }: LoaderFunctionArgs) {
  return redirect(profilePath(params.id ?? ""));
}
