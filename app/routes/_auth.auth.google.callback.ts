import type { LoaderFunctionArgs } from "@remix-run/node";
import { getFixedT, getLocale } from "~/i18n/i18n.server";
import { afterLoginCookie, getAuthenticator, googleConfigured } from "~/services/authenticator.server";
import { startSession } from "~/services/session.server";
import { cookieTimeZone } from "~/services/viewer-time-zone.server";
import { redirectWithToast } from "~/services/toast.server";
import { log } from "~/utils/logger.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { landingFor } from "./_auth.login/auth-forms.server";

/** Google's return point: checks state and code, finds or creates the account, starts a session. */
export async function loader({ request }: LoaderFunctionArgs) {
  const locale = await getLocale(request);
  const t = getFixedT(locale, "auth");
  if (!googleConfigured()) return redirectWithToast("/login", { type: "error", title: t("errors.googleFailed") });
  let user: { id: string };
  try {
    user = await getAuthenticator().authenticate("google", request, { throwOnError: true, context: { locale, timeZone: cookieTimeZone(request) } });
  } catch (error) {
    if (error instanceof Response) throw error;
    log().warn({ err: error }, "Google sign-in failed");
    return redirectWithToast("/login", { type: "error", title: t("errors.googleFailed") });
  }
  const after: unknown = await afterLoginCookie.parse(request.headers.get("Cookie"));
  const headers = new Headers();
  headers.append("Set-Cookie", await startSession(user.id, request));
  headers.append("Set-Cookie", await afterLoginCookie.serialize("", { maxAge: 0 }));
  const target = await landingFor(user.id, typeof after === "string" ? safeRedirect(after, "") : undefined);
  return redirectWithToast(target, { type: "success", title: t("success.login") }, { headers });
}
