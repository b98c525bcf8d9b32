import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { getFixedT, getLocale } from "~/i18n/i18n.server";
import { afterLoginCookie, getAuthenticator, googleConfigured } from "~/services/authenticator.server";
import { redirectWithToast } from "~/services/toast.server";
import { safeRedirect } from "~/utils/safe-redirect";

/** 'Continuar com Google': sends the visitor to Google's consent page (remix-auth keeps the state). */
export async function action({ request }: ActionFunctionArgs) {
  const t = getFixedT(await getLocale(request), "auth");
  if (!googleConfigured()) return redirectWithToast("/login", { type: "error", title: t("errors.googleFailed") });
  const redirectTo = safeRedirect((await request.clone().formData()).get("redirectTo"), "");
  try {
    await getAuthenticator().authenticate("google", request, { throwOnError: true });
  } catch (error) {
    if (error instanceof Response) {
      // Remember where to go after Google answers, beside remix-auth's state cookie.
      if (redirectTo) error.headers.append("Set-Cookie", await afterLoginCookie.serialize(redirectTo));
      return error;
    }
  }
  return redirectWithToast("/login", { type: "error", title: t("errors.googleFailed") });
}

export const loader = () => redirect("/login");
