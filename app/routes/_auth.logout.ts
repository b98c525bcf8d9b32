import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { getFixedT, getLocale } from "~/i18n/i18n.server";
import { logout } from "~/services/session.server";
import { toastCookie } from "~/services/toast.server";

/** 'Sair': ends this session and lands on / (even when something fails on the way). */
export async function action({ request }: ActionFunctionArgs) {
  const response = await logout(request);
  try {
    const t = getFixedT(await getLocale(request), "auth");
    response.headers.append("Set-Cookie", await toastCookie({ type: "success", title: t("success.logout") }));
  } catch {
    // The toast is a nicety; signing out already happened.
  }
  return response;
}

export const loader = () => redirect("/");
