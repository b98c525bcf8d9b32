import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePsychologist } from "~/services/session.server";
import { evaluationsExport } from "./_psychologist.psychologist-dashboard.evaluations/evaluations.server";

/** /psychologist-dashboard/evaluations/export — the reviews as a CSV download (a resource route: no layout). */
export async function loader({ request }: LoaderFunctionArgs) {
  return evaluationsExport(request, await requirePsychologist(request));
}
