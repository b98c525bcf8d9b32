import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { toSupportedLocale } from "~/i18n/config";
import { localeCookie } from "~/i18n/i18n.server";
import { setProfileLocale } from "~/models/profile.server";
import { getSessionUser } from "~/services/session.server";
import { safeRedirect } from "~/utils/safe-redirect";

const schema = z.object({
  lng: z.string().transform(toSupportedLocale).pipe(z.string()),
  redirectTo: z.string().optional(),
});

/**
 * The language selector's POST: remember the choice, go back where the
 * visitor was. A signed-in person's account takes it too, so the e-mails
 * (written with no browser to ask) come in the language they now read.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = Object.fromEntries(await request.formData());
  const parsed = schema.safeParse(form);
  if (!parsed.success) return new Response(null, { status: 400 });
  const user = await getSessionUser(request);
  if (user) await setProfileLocale(user.id, parsed.data.lng);
  return redirect(safeRedirect(parsed.data.redirectTo), {
    status: 303,
    headers: { "Set-Cookie": await localeCookie.serialize(parsed.data.lng) },
  });
}

export const loader = () => redirect("/");
