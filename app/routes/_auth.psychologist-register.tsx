import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AuthScreen } from "~/components/auth-screen";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { loaderMeta } from "~/utils/meta";
import { authScreenData, handleAuthAction, redirectIfSignedIn } from "./_auth.login/auth-forms.server";

/** /psychologist-register — sign-up as a professional, with the CRP the admin will check. */
export async function loader({ request }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request);
  // Imported here so the browser bundle carries no stub of the server module (see root.tsx).
  const [{ titles, ...screen }, { pageMeta }] = await Promise.all([authScreenData(request), import("~/services/page-meta.server")]);
  return { ...screen, meta: await pageMeta(request, { title: titles.psychologist }) };
}

export const action = ({ request, context }: ActionFunctionArgs) => handleAuthAction(request, context, { professional: true });

export const meta = loaderMeta;

export default function PsychologistRegister() {
  return <AuthScreen tab="psychologist" data={useLoaderData<typeof loader>()} result={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
