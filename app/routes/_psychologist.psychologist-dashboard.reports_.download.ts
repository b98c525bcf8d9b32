import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePsychologist } from "~/services/session.server";
import { reportDownload } from "./_psychologist.psychologist-dashboard.reports/reports.server";

/**
 * /psychologist-dashboard/reports/download?type=&format=&from=&to= — the
 * report file of the signed-in psychologist's own practice, streamed
 * ('Gerar relatório' on the Relatórios tab).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return reportDownload(request, await requirePsychologist(request));
}
