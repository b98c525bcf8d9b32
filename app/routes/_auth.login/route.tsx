import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AuthScreen } from "~/components/auth-screen";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { loaderMeta } from "~/utils/meta";
import { authScreenData, handleAuthAction, redirectIfSignedIn } from "./auth-forms.server";

/** /login — and, with ?tab=signup, the sign-up tab of the same screen (spec). */
export async function loader({ request }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request);
  const tab = new URL(request.url).searchParams.get("tab") === "signup" ? "signup" : "login";
  // Imported here so the browser bundle carries no stub of the server module (see root.tsx).
  const [{ titles, ...screen }, { pageMeta }] = await Promise.all([authScreenData(request), import("~/services/page-meta.server")]);
  // Signing in as a step of another page (?redirectTo) is not a page of its own for search engines.
  return { ...screen, tab: tab as "login" | "signup", meta: await pageMeta(request, { title: titles[tab], noindex: Boolean(screen.redirectTo) }) };
}

export const action = ({ request, context }: ActionFunctionArgs) => handleAuthAction(request, context);

export const meta = loaderMeta;

export default function Login() {
  const data = useLoaderData<typeof loader>();
  return <AuthScreen tab={data.tab} data={data} result={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
