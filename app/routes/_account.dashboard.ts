import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { DASHBOARD_BY_ROLE } from "~/domain/roles";
import { requireUser } from "~/services/session.server";

/** /dashboard: the generic entry sends each role to its own dashboard. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return redirect(DASHBOARD_BY_ROLE[user.role]);
}
