import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AuthScreen } from "~/components/auth-screen";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getSessionUser } from "~/services/session.server";
import { routeMeta } from "~/utils/meta";
import { authScreenData, handleAuthAction, redirectIfSignedIn } from "./_auth.login/auth-forms.server";

/** /register — the sign-up tab of the sign-in screen. */
export async function loader({ request }: LoaderFunctionArgs) {
  // 'Completar Cadastro' sends a signed-in person with no name here: their profile is where to finish.
  const user = await getSessionUser(request);
  if (user && !user.profileComplete && user.role === "patient") throw redirect("/patient-profile");
  await redirectIfSignedIn(request);
  return authScreenData(request);
}

export const action = ({ request, context }: ActionFunctionArgs) => handleAuthAction(request, context);

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => routeMeta(matches, { title: data?.titles.signup });

export default function Register() {
  return <AuthScreen tab="signup" data={useLoaderData<typeof loader>()} result={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
