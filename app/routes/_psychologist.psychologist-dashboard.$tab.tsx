import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ComingSoonTab } from "~/components/coming-soon-tab";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { practiceTabByPath } from "~/domain/practice-tabs";
import { requirePsychologist } from "~/services/session.server";

/**
 * /psychologist-dashboard/{tab} for the tabs whose own route module does not
 * exist yet: an honest 'em breve' panel. A built tab has its own module,
 * which Remix matches before this one; an unknown tab is a 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePsychologist(request);
  const tab = practiceTabByPath(params.tab ?? "");
  if (!tab || tab.built || !tab.path) throw new Response("Not Found", { status: 404 });
  return { tab: tab.id };
}

export default function UnbuiltTab() {
  return <ComingSoonTab tab={useLoaderData<typeof loader>().tab} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
