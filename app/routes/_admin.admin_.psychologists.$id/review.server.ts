import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { TFunction } from "~/i18n/translate";
import { z } from "zod";
import { REASON_MAX, REASON_MIN, REVIEW_ACTIONS, type ReviewAction } from "~/domain/psychologist-review";
import { pageTranslations } from "~/i18n/i18n.server";
import { psychologistReview } from "~/services/admin-review-pages.server";
import { pageMeta } from "~/services/page-meta.server";
import { featurePsychologist, reviewPsychologist } from "~/services/psychologist-review.server";
import type { SessionUser } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";

/** The admin's page of one psychologist: the full profile and the decisions on it. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function reviewSchema(t: TFunction) {
  return z.object({
    intent: z.enum(REVIEW_ACTIONS as [ReviewAction, ...ReviewAction[]], { message: t("admin.review.errors.unknownAction") }),
    reason: z.string().trim().max(REASON_MAX, t("admin.review.errors.reasonTooLong")).optional(),
  });
}

export async function reviewPageData(request: Request, id: string | undefined) {
  const { t, translations } = await pageTranslations(request, ["dashboard"]);
  const review = id && UUID.test(id) ? await psychologistReview(id) : null;
  if (!review) throw new Response(t("admin.review.errors.notFound"), { status: 404 });
  return { translations, meta: await pageMeta(request, { title: review.psychologist.name, noindex: true }), ...review };
}

export async function reviewAction(request: Request, admin: SessionUser, id: string | undefined) {
  const { t } = await pageTranslations(request, ["dashboard"]);
  if (!id || !UUID.test(id)) throw new Response(t("admin.review.errors.notFound"), { status: 404 });
  const form = await request.formData();
  if (form.get("intent") === "feature") {
    const featured = form.get("featured") === "true";
    if (!(await featurePsychologist({ adminId: admin.id, psychologistId: id, featured }))) return data({ status: "error", error: { "": [t("admin.review.errors.featureNotAllowed")] } }, { status: 409 });
    return redirectWithToast(`/admin/psychologists/${id}`, { type: "success", title: t(featured ? "admin.review.featuredOn" : "admin.review.featuredOff") });
  }
  const submission = parseWithZod(form, { schema: reviewSchema(t) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { intent, reason } = submission.value;
  if (intent !== "approve" && (reason ?? "").length < REASON_MIN) {
    return data(submission.reply({ fieldErrors: { reason: [t("admin.review.errors.reasonRequired")] } }), { status: 400 });
  }
  const outcome = await reviewPsychologist({ adminId: admin.id, psychologistId: id, action: intent, reason: reason ?? null });
  switch (outcome) {
    case "not_found":
      throw new Response(t("admin.review.errors.notFound"), { status: 404 });
    case "not_allowed":
      return data(submission.reply({ formErrors: [t("admin.review.errors.notAllowed")] }), { status: 409 });
    case "reason_required":
      return data(submission.reply({ fieldErrors: { reason: [t("admin.review.errors.reasonRequired")] } }), { status: 400 });
    case "changed":
      return redirectWithToast(`/admin/psychologists/${id}`, { type: "success", title: t(`admin.review.done.${intent}`) });
  }
}
