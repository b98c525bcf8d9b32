import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { TFunction } from "i18next";
import { z } from "zod";
import { pricesFor, reaisToCents } from "~/domain/pricing";
import { pageTranslations } from "~/i18n/i18n.server";
import { getPricingState, saveActivePricing } from "~/models/pricing.server";
import type { SessionUser } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { purgePublicPages } from "~/utils/page-cache.server";

/** The pricing tab's server half: the prices in force and the form that replaces them. */

/** R$ 10.000,00: a typo guard, far above any consultation price. */
const MAX_CENTS = 10_000_00;

function priceField(t: TFunction) {
  return z
    .string({ message: t("pricing.errors.required") })
    .trim()
    .transform((value, ctx) => {
      let cents: number;
      try {
        cents = reaisToCents(value);
      } catch {
        ctx.addIssue({ code: "custom", message: t("pricing.errors.invalid") });
        return z.NEVER;
      }
      // The spec: both prices must be greater than zero.
      if (cents <= 0) ctx.addIssue({ code: "custom", message: t("pricing.errors.positive") });
      else if (cents > MAX_CENTS) ctx.addIssue({ code: "custom", message: t("pricing.errors.tooHigh") });
      return cents;
    });
}

export function pricingSchema(t: TFunction) {
  return z.object({ price30: priceField(t), price60: priceField(t) });
}

/** What the tab shows: the prices in force (saved, or the fallback the directory applies) in centavos. */
export async function pricingTabData(request: Request, user: SessionUser) {
  const { translations } = await pageTranslations(request, ["practice"]);
  const state = await getPricingState({ psychologistId: user.psychologistId! });
  const prices = pricesFor({ pricing: state.active, psychologistPriceCents: state.profilePriceCents });
  return { translations, prices: { 30: prices[30], 60: prices[60] }, saved: state.active !== null, savedAt: state.active?.savedAt.toISOString() ?? null };
}

export async function savePricing(request: Request, user: SessionUser) {
  const { t } = await pageTranslations(request, ["practice"]);
  const submission = parseWithZod(await request.formData(), { schema: pricingSchema(t) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  await saveActivePricing({ psychologistId: user.psychologistId!, price30Cents: submission.value.price30, price60Cents: submission.value.price60 });
  // The directory and profiles show prices: no visitor keeps seeing the old ones.
  purgePublicPages();
  return redirectWithToast("/psychologist-dashboard/pricing", { type: "success", title: t("pricing.saved") });
}
