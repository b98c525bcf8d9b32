import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePsychologist } from "~/services/session.server";
import { billingExport } from "./_psychologist.psychologist-dashboard.billing/billing.server";

/** /psychologist-dashboard/billing/export?period= — the period's transactions as a CSV download (a resource route: no layout). */
export async function loader({ request }: LoaderFunctionArgs) {
  return billingExport(request, await requirePsychologist(request));
}
