import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AccountSettings } from "~/components/account-settings";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useTranslation } from "~/i18n/use-translation";
import { requireUser } from "~/services/session.server";
import { loaderMeta } from "~/utils/meta";
import { settingsAction, settingsLoaderData } from "./settings.server";

/** /settings: account settings for every role. */
export async function loader({ request }: LoaderFunctionArgs) {
  return settingsLoaderData(request, await requireUser(request), "settings");
}

export async function action({ request }: ActionFunctionArgs) {
  return settingsAction(request, await requireUser(request));
}

export const meta = loaderMeta;

export default function Settings() {
  const { t } = useTranslation("settings");
  return <AccountSettings heading={t("heading.settings")} data={useLoaderData<typeof loader>()} result={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
