import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ProfessionalProfile } from "~/components/professional-profile";
import { requirePsychologist } from "~/services/session.server";
import { loaderMeta } from "~/utils/meta";
import { profileAction, profileLoaderData } from "./profile.server";

/** /psychologist-profile: 'Meu Perfil Profissional', the psychologist's own profile; ?edit=1 is the form. */
export async function loader({ request }: LoaderFunctionArgs) {
  return profileLoaderData(request, await requirePsychologist(request));
}

export async function action({ request }: ActionFunctionArgs) {
  return profileAction(request, await requirePsychologist(request));
}

export const meta = loaderMeta;

export default function PsychologistProfile() {
  return <ProfessionalProfile data={useLoaderData<typeof loader>()} result={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
