import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AuthScreen } from "~/components/auth-screen";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { routeMeta } from "~/utils/meta";
import { authScreenData, handleAuthAction, redirectIfSignedIn } from "./_auth.login/auth-forms.server";

/** /psychologist-register — sign-up as a professional, with the CRP the admin will check. */
export async function loader({ request }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request);
  return authScreenData(request);
}

export const action = ({ request, context }: ActionFunctionArgs) => handleAuthAction(request, context, { professional: true });

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => routeMeta(matches, { title: data?.titles.psychologist });

export default function PsychologistRegister() {
  return <AuthScreen tab="psychologist" data={useLoaderData<typeof loader>()} result={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
