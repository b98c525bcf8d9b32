import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { pageTranslations } from "~/i18n/i18n.server";
import { markNoShow } from "~/services/appointment-completion.server";
import { requirePsychologist } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";

/**
 * POST /appointment/{id}/no-show — the psychologist marks the patient absent
 * ('Não Compareceu'): own appointments only, confirmed, from the start on.
 */

// Back to the consultations list, where the button is.
const DASHBOARD = "/psychologist-dashboard/appointments";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePsychologist(request);
  const { t } = await pageTranslations(request, ["appointments"]);
  const id = params.id ?? "";
  const result = UUID.test(id) ? await markNoShow(user.id, id) : "not_found";
  if (result === "not_found") throw new Response(t("noShow.notFound"), { status: 404 });
  if (result === "not_allowed") return redirectWithToast(DASHBOARD, { type: "error", title: t("noShow.notAllowed") });
  return redirectWithToast(DASHBOARD, { type: "success", title: t("noShow.done") });
}

/** A GET here (a bookmarked form target) lands on the consultations list. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePsychologist(request);
  return redirect(DASHBOARD);
}
