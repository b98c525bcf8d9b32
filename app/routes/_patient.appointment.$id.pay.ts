import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getLocale, pageTranslations } from "~/i18n/i18n.server";
import { resumeCheckout } from "~/services/booking.server";
import { UUID } from "~/services/booking-pages.server";
import { requirePatient } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";

/**
 * POST /appointment/{id}/pay — 'Pagar' on an appointment awaiting payment:
 * back to its checkout while the hold lasts. Only the patient's own.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePatient(request);
  const { t } = await pageTranslations(request, ["booking", "payment"]);
  const id = params.id ?? "";
  if (!UUID.test(id)) throw new Response(t("errors.appointmentNotFound"), { status: 404 });
  const result = await resumeCheckout(user.id, id, { locale: await getLocale(request) });
  if (result.ok) return redirect(result.checkoutUrl, 303);
  if (result.reason === "not_found") throw new Response(t("errors.appointmentNotFound"), { status: 404 });
  if (result.reason === "psychologist_not_found") return redirectWithToast("/patient-dashboard", { type: "error", title: t("errors.psychologistNotFound") });
  // The card already says so; a page opened before the payment started may still post here.
  if (result.reason === "payment_under_way") return redirectWithToast("/patient-dashboard", { type: "info", title: t("payment:pending.toast") });
  if (result.reason === "not_awaiting_payment") {
    return redirectWithToast("/patient-dashboard", { type: "error", title: t("errors.notAwaitingPayment") });
  }
  return redirectWithToast("/patient-dashboard", { type: "error", title: t("errors.paymentTitle"), description: t("errors.paymentGeneric") });
}

/** A GET here (a bookmarked form target) lands on the dashboard, where the button is. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requirePatient(request);
  return redirect("/patient-dashboard");
}
