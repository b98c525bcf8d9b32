import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { TFunction } from "~/i18n/translate";
import { z } from "zod";
import { MAX_PRICE_CENTS, pricesFor, typedReaisToCents } from "~/domain/pricing";
import { pageTranslations } from "~/i18n/i18n.server";
import { activePolicies, savePolicies } from "~/models/policies.server";
import { getPricingState, saveActivePricing } from "~/models/pricing.server";
import type { PsychologistSessionUser } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { answerUnexpected } from "~/services/unexpected-error.server";
import { log } from "~/utils/logger.server";
import { purgePublicPages } from "~/utils/page-cache.server";

/** The pricing tab's server half: the prices and the cancellation and reschedule policies in force, and the forms that replace them. */

function priceField(t: TFunction) {
  return z
    .string({ message: t("pricing.errors.required") })
    .trim()
    .transform((value, ctx) => {
      const cents = typedReaisToCents(value);
      if (cents === null) {
        ctx.addIssue({ code: "custom", message: t("pricing.errors.invalid") });
        return z.NEVER;
      }
      // The spec: both prices must be greater than zero.
      if (cents <= 0) ctx.addIssue({ code: "custom", message: t("pricing.errors.positive") });
      else if (cents > MAX_PRICE_CENTS) ctx.addIssue({ code: "custom", message: t("pricing.errors.tooHigh") });
      return cents;
    });
}

export function pricingSchema(t: TFunction) {
  return z.object({ price30: priceField(t), price60: priceField(t) });
}

/**
 * What the tab shows: the prices in force (saved, or the fallback the
 * directory applies) in centavos, and the policies. Each part that fails to
 * load shows the spec's text with a retry in its place, not the error page.
 */
export async function pricingTabData(request: Request, user: PsychologistSessionUser) {
  const { translations, t } = await pageTranslations(request, ["practice"]);
  const psychologistId = user.psychologistId;
  const [state, policies] = await Promise.allSettled([getPricingState({ psychologistId }), activePolicies({ psychologistId })]);
  if (state.status === "rejected") log().error({ err: state.reason, psychologistId }, "pricing tab failed to load");
  if (policies.status === "rejected") log().error({ err: policies.reason, psychologistId }, "pricing tab policies failed to load");
  const prices = state.status === "fulfilled" ? pricesFor({ pricing: state.value.active, psychologistPriceCents: state.value.profilePriceCents }) : null;
  return {
    translations,
    pricesError: prices ? null : t("pricing.errors.load"),
    prices: prices ? { 30: prices[30], 60: prices[60] } : null,
    saved: state.status === "fulfilled" && state.value.active !== null,
    savedAt: state.status === "fulfilled" ? (state.value.active?.savedAt.toISOString() ?? null) : null,
    policiesError: policies.status === "fulfilled" ? null : t("policies.errors.load"),
    policies: policies.status === "fulfilled" ? { cancellation: policies.value.cancellation, reschedule: policies.value.reschedule, saved: policies.value.cancellationPolicyId !== null } : null,
  };
}

const hours = (t: TFunction) => z.coerce.number({ message: t("policies.errors.hours") }).int(t("policies.errors.hours")).min(0, t("policies.errors.hours")).max(720, t("policies.errors.hours"));
const flag = z.preprocess((value) => value === "on" || value === "true", z.boolean());

export function policiesSchema(t: TFunction) {
  return z
    .object({
      noFeeHours: hours(t),
      partialHours: hours(t),
      partialPercent: z.coerce.number({ message: t("policies.errors.percent") }).int(t("policies.errors.percent")).min(0, t("policies.errors.percent")).max(100, t("policies.errors.percent")),
      medicalEmergency: flag,
      technicalIssues: flag,
      weatherConditions: flag,
      maxReschedules: z.coerce.number({ message: t("policies.errors.count") }).int(t("policies.errors.count")).min(0, t("policies.errors.count")).max(10, t("policies.errors.count")),
      minHoursBefore: hours(t),
    })
    .refine((value) => value.partialHours <= value.noFeeHours, { message: t("policies.errors.order"), path: ["partialHours"] });
}

/** Which of the tab's forms: the prices (intent 'prices', or none, as the price form posts) or the policies. */
function pricingIntentSchema(t: TFunction) {
  return z.object({ intent: z.enum(["prices", "policies"], { errorMap: () => ({ message: t("unknownIntent") }) }).default("prices") });
}

export async function pricingAction(request: Request, user: PsychologistSessionUser) {
  const form = await request.formData();
  const { t } = await pageTranslations(request, ["practice"]);
  // Any other intent is a mistake, not the price form: it saves nothing.
  const intent = parseWithZod(form, { schema: pricingIntentSchema(t) });
  if (intent.status !== "success") return data(intent.reply({ formErrors: [t("unknownIntent")] }), { status: 400 });
  return intent.value.intent === "policies" ? savePolicyForm(request, user, form) : savePricing(request, user, form);
}

async function savePolicyForm(request: Request, user: PsychologistSessionUser, form: FormData) {
  const { t } = await pageTranslations(request, ["practice"]);
  const submission = parseWithZod(form, { schema: policiesSchema(t) });
  if (submission.status !== "success") {
    const reply = submission.reply();
    const messages = Object.values(reply.error ?? {}).flatMap((errors) => errors ?? []);
    // What was sent comes back too: without JavaScript the page is rendered anew and would refill the saved policy.
    return data({ policiesErrors: [...new Set(messages)], policiesValues: reply.initialValue ?? {} }, { status: 400 });
  }
  const value = submission.value;
  return answerUnexpected(
    "policies",
    async () => {
      await savePolicies({
        psychologistId: user.psychologistId,
        cancellation: {
          noFeeThresholdHours: value.noFeeHours,
          partialRefundThresholdHours: value.partialHours,
          partialRefundPercent: value.partialPercent,
          exceptions: { medicalEmergency: value.medicalEmergency, technicalIssues: value.technicalIssues, weatherConditions: value.weatherConditions },
        },
        reschedule: { maxReschedulesPerAppointment: value.maxReschedules, minHoursBeforeAppointment: value.minHoursBefore },
      });
      return redirectWithToast("/psychologist-dashboard/pricing", { type: "success", title: t("policies.saved") });
    },
    // Worded as the prices form's 'Erro ao salvar preços: {message}', with the same generic reason; the policy typed comes back, as on a refusal.
    () => ({ policiesErrors: [t("policies.errors.save", { message: t("pricing.errors.unexpected") })], policiesValues: submission.reply().initialValue ?? {} }),
  );
}

async function savePricing(request: Request, user: PsychologistSessionUser, form: FormData) {
  const { t } = await pageTranslations(request, ["practice"]);
  const submission = parseWithZod(form, { schema: pricingSchema(t) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  return answerUnexpected(
    "pricing",
    async () => {
      await saveActivePricing({ psychologistId: user.psychologistId, price30Cents: submission.value.price30, price60Cents: submission.value.price60 });
      // The directory and profiles show prices: no visitor keeps seeing the old ones.
      purgePublicPages();
      return redirectWithToast("/psychologist-dashboard/pricing", { type: "success", title: t("pricing.saved") });
    },
    // The spec's 'Erro ao salvar preços: {message}' with a generic reason (never the database's words), the typed prices kept.
    () => submission.reply({ formErrors: [t("pricing.errors.save", { message: t("pricing.errors.unexpected") })] }),
  );
}
