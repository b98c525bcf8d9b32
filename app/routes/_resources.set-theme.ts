import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { safeRedirect } from "~/utils/safe-redirect";
import { themeCookie } from "~/utils/theme.server";

const schema = z.object({ theme: z.enum(["light", "dark"]), redirectTo: z.string().optional() });

/** The theme toggle's POST: remember the choice, go back where the visitor was. */
export async function action({ request }: ActionFunctionArgs) {
  const parsed = schema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return new Response(null, { status: 400 });
  return redirect(safeRedirect(parsed.data.redirectTo), {
    status: 303,
    headers: { "Set-Cookie": await themeCookie.serialize(parsed.data.theme) },
  });
}

export const loader = () => redirect("/");
