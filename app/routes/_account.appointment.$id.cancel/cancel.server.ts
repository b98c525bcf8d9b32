import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { TFunction } from "~/i18n/translate";
import { z } from "zod";
import { CANCELLATION_EXCEPTIONS } from "~/domain/cancellation";
import { policySentence, scopedT } from "~/domain/policy-text";
import { patientName } from "~/domain/practice-appointments";
import { pageTranslations } from "~/i18n/i18n.server";
import { appointmentTimeZone, askerOf, backTo } from "~/services/appointment-asker.server";
import { cancelAppointment, cancellationPreview } from "~/services/cancellation.server";
import { pageMeta } from "~/services/page-meta.server";
import type { SessionUser } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { log } from "~/utils/logger.server";
import { formatMoney } from "~/utils/format";
import { whenLabel } from "~/utils/zoned-time";

/** /appointment/{id}/cancel for the appointment's patient or psychologist: the refund that applies, the reason, the POST. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function schema(t: TFunction) {
  return z.object({
    reason: z
      .string({ required_error: t("errors.reasonRequired") })
      .trim()
      .min(1, t("errors.reasonRequired"))
      .max(500, t("errors.reasonTooLong")),
    exception: z.enum(CANCELLATION_EXCEPTIONS).optional(),
  });
}

export async function cancelPageData(request: Request, user: SessionUser, appointmentId: string) {
  const asker = askerOf(user);
  const { t, translations, locale } = await pageTranslations(request, ["cancellation", "appointments"]);
  const preview = UUID.test(appointmentId) ? await cancellationPreview(appointmentId, asker) : null;
  if (!preview) throw new Response(t("errors.notFound"), { status: 404 });
  const zone = appointmentTimeZone(request, user);
  const { appointment, quote, policy, refusal } = preview;
  return {
    translations,
    meta: await pageMeta(request, { title: t("title"), noindex: true }),
    role: asker.role,
    back: backTo(asker, appointment.id),
    appointment: {
      id: appointment.id,
      // Each side sees the other person.
      with: asker.role === "patient" ? appointment.psychologistName : patientName({ firstName: appointment.patientFirstName, lastName: appointment.patientLastName }),
      // In the viewer's zone, named when its clock differs from the psychologist's (ADR 004), as on the dashboards.
      ...whenLabel(appointment.startsAt, locale, zone, appointment.psychologistTimeZone),
      price: formatMoney(appointment.priceCents, locale),
    },
    refusal,
    quote: { ...quote, amount: formatMoney(quote.cents, locale) },
    policy: {
      // Said as booking step 3 and the confirmation e-mail said it (app/domain/policy-text.ts).
      text: policySentence({ cancellation: policy }, scopedT(t, "policy")),
      exceptions: CANCELLATION_EXCEPTIONS.filter((exception) =>
        ({ medical_emergency: policy.exceptions.medicalEmergency, technical_issues: policy.exceptions.technicalIssues, weather_conditions: policy.exceptions.weatherConditions })[exception],
      ),
    },
  };
}

export async function cancelAction(request: Request, user: SessionUser, appointmentId: string) {
  const asker = askerOf(user);
  const { t } = await pageTranslations(request, ["cancellation"]);
  const submission = parseWithZod(await request.formData(), { schema: schema(t) });
  if (submission.status !== "success") {
    // The reason's own errors show at its field; an exception the list never offered (a tampered form) is said for the form.
    const badException = Boolean(submission.error?.exception?.length);
    return data({ result: submission.reply(), error: badException ? t("errors.invalidException") : null }, { status: 400 });
  }
  if (!UUID.test(appointmentId)) throw new Response(t("errors.notFound"), { status: 404 });
  let result: Awaited<ReturnType<typeof cancelAppointment>>;
  try {
    result = await cancelAppointment({ appointmentId, asker, reason: submission.value.reason, exception: submission.value.exception ?? null });
  } catch (error) {
    // The transaction rolled back: nothing changed, and the form keeps the reason to try again.
    log().error({ err: error, appointmentId }, "cancellation failed");
    return data({ result: submission.reply(), error: t("errors.failed") }, { status: 503 });
  }
  if (result.ok) return redirectWithToast(backTo(asker, appointmentId), { type: "success", title: t("done") });
  if (result.problem === "not_found") throw new Response(t("errors.notFound"), { status: 404 });
  // Its state changed since the page was shown (already cancelled, begun, completed…): said plainly, nothing written.
  return data({ result: submission.reply(), error: t(`errors.${result.problem}`) }, { status: 409 });
}
