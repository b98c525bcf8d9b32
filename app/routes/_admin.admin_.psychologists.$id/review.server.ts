import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { TFunction } from "~/i18n/translate";
import { z } from "zod";
import { REASON_MAX, REASON_MIN, REVIEW_ACTIONS, type MissingField, type ReviewAction } from "~/domain/psychologist-review";
import type { Locale } from "~/i18n/config";
import { getFixedT, pageTranslations } from "~/i18n/i18n.server";
import { psychologistReview } from "~/services/admin-review-pages.server";
import { pageMeta } from "~/services/page-meta.server";
import { featurePsychologist, reviewPsychologist } from "~/services/psychologist-review.server";
import type { SessionUser } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { formatList } from "~/utils/format";

/** The admin's page of one psychologist: the full profile and the decisions on it. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function reviewSchema(t: TFunction) {
  return z.discriminatedUnion(
    "intent",
    [
      // The page sends the opposite of the current state; anything but true/false is a hand-made post, not "off".
      z.object({ intent: z.literal("feature"), featured: z.enum(["true", "false"], { message: t("admin.review.errors.featuredInvalid") }).transform((value) => value === "true") }),
      z.object({ intent: z.enum(REVIEW_ACTIONS as [ReviewAction, ...ReviewAction[]]), reason: z.string().trim().max(REASON_MAX, t("admin.review.errors.reasonTooLong")).optional() }),
    ],
    { errorMap: (issue, ctx) => ({ message: issue.code === "invalid_union_discriminator" ? t("admin.review.errors.unknownAction") : ctx.defaultError }) },
  );
}

/** What a profile lacks, named as the psychologist's own profile form names the fields ('Sobre mim', 'Foto'…). */
function missingLabels(missing: readonly MissingField[], locale: Locale): string {
  const labels = getFixedT(locale, "professional");
  return formatList(missing.map((field) => labels(`missing.${field}`)), locale);
}

/** Specialty or language codes as the directory names them ('Psicologia Infantil e Ansiedade', in the reader's way of joining a list), never the stored codes. */
function catalogLabels(kind: "specialties" | "languages", codes: readonly string[], locale: Locale): string {
  const labels = getFixedT(locale, "catalog");
  return formatList(codes.map((code) => labels(`${kind}.${code}`)), locale);
}

export async function reviewPageData(request: Request, id: string | undefined) {
  const { t, translations, locale } = await pageTranslations(request, ["dashboard"]);
  const review = id && UUID.test(id) ? await psychologistReview(id) : null;
  if (!review) throw new Response(t("admin.review.errors.notFound"), { status: 404 });
  return {
    translations,
    meta: await pageMeta(request, { title: review.psychologist.name, noindex: true }),
    ...review,
    missingLabels: missingLabels(review.missing, locale),
    specialtyLabels: catalogLabels("specialties", review.psychologist.specialties, locale),
    languageLabels: catalogLabels("languages", review.psychologist.languages, locale),
  };
}

export async function reviewAction(request: Request, admin: SessionUser, id: string | undefined) {
  const { t, locale } = await pageTranslations(request, ["dashboard"]);
  if (!id || !UUID.test(id)) throw new Response(t("admin.review.errors.notFound"), { status: 404 });
  const submission = parseWithZod(await request.formData(), { schema: reviewSchema(t) });
  if (submission.status !== "success") {
    // The page shows only the reason beside its field; any other error (a hand-made post) goes above the forms.
    const { reason: _reason, ...others } = submission.error ?? {};
    return data(submission.reply({ formErrors: Object.values(others).flatMap((messages) => messages ?? []) }), { status: 400 });
  }
  const value = submission.value;
  if (value.intent === "feature") {
    if (!(await featurePsychologist({ adminId: admin.id, psychologistId: id, featured: value.featured }))) return data(submission.reply({ formErrors: [t("admin.review.errors.featureNotAllowed")] }), { status: 409 });
    return redirectWithToast(`/admin/psychologists/${id}`, { type: "success", title: t(value.featured ? "admin.review.featuredOn" : "admin.review.featuredOff") });
  }
  const { intent, reason } = value;
  if (intent !== "approve" && (reason ?? "").length < REASON_MIN) {
    return data(submission.reply({ fieldErrors: { reason: [t("admin.review.errors.reasonRequired")] } }), { status: 400 });
  }
  const outcome = await reviewPsychologist({ adminId: admin.id, psychologistId: id, action: intent, reason: reason ?? null });
  if (typeof outcome === "object") {
    return data(submission.reply({ formErrors: [t("admin.review.errors.incomplete", { fields: missingLabels(outcome.incomplete, locale) })] }), { status: 409 });
  }
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
