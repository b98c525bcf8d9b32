import { redirect } from "@remix-run/node";
import { flashStorage } from "./flash-cookie.server";

/**
 * One-time messages after a redirect ('Login realizado com sucesso!'), kept
 * in a short-lived signed cookie and shown once by the root. The text is
 * already in the visitor's language.
 */
export interface Toast {
  type: "success" | "error" | "info";
  title: string;
  description?: string;
}

type ToastSession = { toast: Toast };
const toastStorage = flashStorage<ToastSession>("__acolhe_toast");

export async function toastCookie(toast: Toast): Promise<string> {
  const session = await toastStorage().getSession();
  session.flash("toast", toast);
  return toastStorage().commitSession(session);
}

/** A 303 redirect that shows a toast on arrival; extra Set-Cookie headers are kept. */
export async function redirectWithToast(url: string, toast: Toast, init: { headers?: HeadersInit } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie(toast));
  return redirect(url, { status: 303, headers });
}

/**
 * The pending toast, and the header that removes its cookie (removed, not
 * emptied: a visitor without cookies gets the shared public pages, ADR 012).
 */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const session = await toastStorage().getSession(request.headers.get("Cookie"));
  const toast = session.get("toast") ?? null;
  return { toast, setCookie: toast ? await toastStorage().destroySession(session) : null };
}
