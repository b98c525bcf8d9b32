import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AuthScreen } from "~/components/auth-screen";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getSessionUser } from "~/services/session.server";
import { loaderMeta } from "~/utils/meta";
import { authScreenData, handleAuthAction, redirectIfSignedIn } from "./_auth.login/auth-forms.server";

/** /register — the sign-up tab of the sign-in screen. */
export async function loader({ request }: LoaderFunctionArgs) {
  // 'Completar Cadastro' sends a signed-in person with no name here: their profile is where to finish.
  const user = await getSessionUser(request);
  if (user && !user.profileComplete && user.role === "patient") throw redirect("/patient-profile");
  await redirectIfSignedIn(request);
  // Imported here so the browser bundle carries no stub of the server module (see root.tsx).
  const [{ titles, ...screen }, { pageMeta }] = await Promise.all([authScreenData(request), import("~/services/page-meta.server")]);
  return { ...screen, meta: await pageMeta(request, { title: titles.signup }) };
}

export const action = ({ request, context }: ActionFunctionArgs) => handleAuthAction(request, context);

export const meta = loaderMeta;

export default function Register() {
  return <AuthScreen tab="signup" data={useLoaderData<typeof loader>()} result={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
