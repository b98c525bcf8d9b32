import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AccountSettings } from "~/components/account-settings";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useTranslation } from "~/i18n/use-translation";
import { requirePatient } from "~/services/session.server";
import { loaderMeta } from "~/utils/meta";
import { settingsAction, settingsLoaderData } from "./_account.settings/settings.server";

/** /patient-profile (and /patient/profile): 'Meu Perfil', the patient's profile and settings. */
export async function loader({ request }: LoaderFunctionArgs) {
  return settingsLoaderData(request, await requirePatient(request), "profile");
}

export async function action({ request }: ActionFunctionArgs) {
  return settingsAction(request, await requirePatient(request));
}

export const meta = loaderMeta;

export default function PatientProfile() {
  const { t } = useTranslation("settings");
  return <AccountSettings heading={t("heading.profile")} data={useLoaderData<typeof loader>()} result={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
