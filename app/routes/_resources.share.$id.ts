import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { isSharePlatform, profilePath, shareTargetUrl } from "~/domain/share";
import { pageTranslations } from "~/i18n/i18n.server";
import { recordShare } from "~/models/public-profile.server";
import { env } from "~/utils/env.server";

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
  const form = await request.formData();
  const platform = form.get("platform");
  if (!isSharePlatform(platform)) return Response.json({ error: "invalid_platform" }, { status: 400 });
  if (!(await recordShare(id, platform))) throw new Response("Psicólogo não encontrado", { status: 404 });
  if (form.get("mode") === "record") return new Response(null, { status: 204 });
  if (platform === "copy_link") return redirect(profilePath(id), 303);
  const { locale, t } = await pageTranslations(request, ["profile"]);
  const target = shareTargetUrl(platform, new URL(profilePath(id), env().APP_URL).toString(), t("share.text"));
  const continueText = t("share.continue", { network: t(`share.${platform}`) });
  return new Response(handOffPage(locale, target, continueText), {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function handOffPage(locale: string, target: string, text: string): string {
  const url = escapeHtml(target);
  return `<!doctype html><html lang="${escapeHtml(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta http-equiv="refresh" content="0;url=${url}"><title>${escapeHtml(text)}</title></head><body><p><a href="${url}">${escapeHtml(text)}</a></p></body></html>`;
}

/** Someone who opens the address sees the profile. */
export function loader({ params }: LoaderFunctionArgs) {
  return redirect(profilePath(params.id ?? ""));
}
