import type { LoaderFunctionArgs } from "@remix-run/node";
import { ComingSoonTab } from "~/components/coming-soon-tab";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requirePsychologist } from "~/services/session.server";

/** /psychologist-dashboard — Visão Geral (its figures are not built yet). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePsychologist(request);
  return null;
}

export default function OverviewTab() {
  return <ComingSoonTab tab="overview" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
