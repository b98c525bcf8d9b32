import type { FeaturedCardData } from "~/components/psychologist";
import { pricesFor } from "~/domain/pricing";
import { profilePath } from "~/domain/share";
import { formatWeeklyHours, weeklyMinutes } from "~/domain/slots";
import type { pageTranslations } from "~/i18n/i18n.server";
import type { Translations } from "~/i18n/translate";
import { listFeaturedPsychologists, listTestimonials, type FeaturedPsychologist } from "~/models/home.server";
import { env } from "~/utils/env.server";
import { formatMoney } from "~/utils/format";
import { log } from "~/utils/logger.server";
import { toCard } from "./directory.server";

/**
 * The home page (/): the featured psychologists and the testimonials, as
 * texts ready to show. A failing featured query never breaks the page: the
 * section says so (`featured: null`); failing testimonials hide theirs.
 */

type Page = Awaited<ReturnType<typeof pageTranslations>>;

/** The namespaces the home loader reads: its own, and those of the texts it writes into the cards. */
export const HOME_NAMESPACES = ["home", "directory", "profile", "catalog"];

export interface TestimonialView {
  rating: number;
  /** 'Avaliação 5 de 5'. */
  label: string;
  comment: string;
  /** 'M. — consulta com Ana Souza', or 'Paciente — …'. */
  caption: string;
}

export interface HomeData {
  translations: Translations;
  /** null when the featured psychologists could not be read. */
  featured: FeaturedCardData[] | null;
  testimonials: TestimonialView[];
}

export async function loadHome({ t, locale, translations }: Page): Promise<HomeData> {
  const origin = new URL(env().APP_URL).origin;
  const [featured, testimonials] = await Promise.all([
    listFeaturedPsychologists().then(
      (rows) => rows.map((row) => featuredCard(row, { t, locale, origin })),
      (error: unknown) => {
        log().error({ err: error }, "featured psychologists not loaded");
        return null;
      },
    ),
    listTestimonials().catch((error: unknown) => {
      log().error({ err: error }, "testimonials not loaded");
      return [];
    }),
  ]);
  const directory = translations.directory as Translations[string];
  const profile = translations.profile as Translations[string];
  return {
    // The page renders its own namespace, the cards' two buttons and the share menu.
    translations: { home: translations.home!, directory: { card: directory.card!, price: directory.price! }, profile: { share: profile.share! } },
    featured,
    testimonials: testimonials.map((item) => ({
      rating: item.rating,
      label: t("testimonials.rating", { value: item.rating }),
      comment: item.comment,
      caption: t("testimonials.caption", { author: item.initial ? `${item.initial}.` : t("testimonials.anonymous"), name: item.psychologistName }),
    })),
  };
}

function featuredCard(row: FeaturedPsychologist, { t, locale, origin }: Pick<Page, "t" | "locale"> & { origin: string }): FeaturedCardData {
  const prices = pricesFor({ pricing: row.pricing, psychologistPriceCents: row.priceCents });
  return {
    ...toCard(row, t, locale, profilePath(row.id), "home:featured.noRating"),
    hours: t("profile:weeklyHours", formatWeeklyHours(weeklyMinutes(row.weeklyBlocks))),
    prices: ([30, 60] as const).map((minutes): [string, string] => [t("profile:duration", { minutes }), formatMoney(prices[minutes], locale)]),
    shareUrl: new URL(profilePath(row.id), origin).toString(),
  };
}
