import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AuthScreen } from "~/components/auth-screen";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { routeMeta } from "~/utils/meta";
import { authScreenData, handleAuthAction, redirectIfSignedIn } from "./auth-forms.server";

/** /login — and, with ?tab=signup, the sign-up tab of the same screen (spec). */
export async function loader({ request }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request);
  const tab = new URL(request.url).searchParams.get("tab") === "signup" ? "signup" : "login";
  return { ...(await authScreenData(request)), tab: tab as "login" | "signup" };
}

export const action = ({ request, context }: ActionFunctionArgs) => handleAuthAction(request, context);

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  routeMeta(matches, { title: data ? data.titles[data.tab] : undefined, noindex: Boolean(data?.redirectTo) });

export default function Login() {
  const data = useLoaderData<typeof loader>();
  return <AuthScreen tab={data.tab} data={data} result={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
