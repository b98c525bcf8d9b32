import { renditionUrl, STORED_PHOTO_WIDTH } from "~/domain/image";
import { pricesFor, priceForDuration } from "~/domain/pricing";
import { profilePath } from "~/domain/share";
import { addDays, availableSlots, dateInZone, formatWeeklyHours, weeklyMinutes } from "~/domain/slots";
import { DIRECTORY_SLOT_MINUTES } from "~/domain/directory-availability";
import { pageTranslations } from "~/i18n/i18n.server";
import { DETAILS_HORIZON_DAYS, getPublicProfile, getPublicProfileDetails, type PublicProfile } from "~/models/public-profile.server";
import { env } from "~/utils/env.server";
import { CLOCK_OPTIONS, formatMoney } from "~/utils/format";
import { currentZoneId } from "~/utils/zoned-time";
import { personJsonLd, type PageMeta } from "~/utils/meta";
import { initials, ratingTexts } from "./directory.server";
import { pageMeta } from "./page-meta.server";

/**
 * What the public profile pages load: the profile (or the 404 'Psicólogo
 * não encontrado' for anyone not approved), its prices by the pricing
 * rules, the address to share, and the page's <head> tags with the Person
 * JSON-LD. Numbers, money and dates arrive formatted, so the pages ship no
 * formatting code.
 */

const NAMESPACES = ["profile", "catalog"];
/** Free slots the full profile lists. */
const NEXT_SLOTS = 6;

type Translate = Awaited<ReturnType<typeof pageTranslations>>["t"];

/** The texts travel with the 404: a failed loader sends no translations to its error boundary. */
function notFound(t: Translate): never {
  throw Response.json({ notFound: { title: t("notFound.title"), text: t("notFound.text"), back: t("notFound.back") } }, { status: 404 });
}

type Page = Awaited<ReturnType<typeof pageTranslations>>;

/** The link preview of a profile: the photo's 512 px rendition (a single-file photo as it is, of unknown size); none keeps the site's image. */
function previewImage(photoUrl: string | null, origin: string): Pick<PageMeta, "image" | "imageWidth" | "imageHeight"> {
  if (!photoUrl) return {};
  const rendition = renditionUrl(photoUrl, STORED_PHOTO_WIDTH);
  if (!rendition) return { image: new URL(photoUrl, origin).toString() };
  return { image: new URL(rendition, origin).toString(), imageWidth: STORED_PHOTO_WIDTH, imageHeight: STORED_PHOTO_WIDTH };
}

function publicFacts(profile: PublicProfile, { t, locale, translations }: Page) {
  const origin = new URL(env().APP_URL).origin;
  const shareUrl = new URL(profilePath(profile.id), origin).toString();
  const description = profile.shortBio || t("meta.description", { name: profile.name });
  const specialties = profile.specialties.map((code) => t(`catalog:specialties.${code}`));
  const jsonLd = personJsonLd(origin, {
    name: profile.name,
    url: shareUrl,
    image: profile.photoUrl,
    description,
    jobTitle: t("jobTitle"),
    crp: profile.crp,
    languages: profile.languages,
    knowsAbout: specialties,
  });
  const prices = pricesFor({ pricing: profile.pricing, psychologistPriceCents: profile.priceCents });
  const { pricing: _pricing, timeZone: _timeZone, ...rest } = profile;
  const texts = ratingTexts(profile, t, locale, "profile:rating.none", "profile:rating.reviews");
  return {
    // The catalog labels specialties and languages here: the page needs only its own texts.
    translations: { profile: translations.profile! },
    shareUrl,
    // One profile, one canonical address (the full profile has its own).
    head: { title: profile.name, description, jsonLd: [jsonLd], canonicalPath: profilePath(profile.id), ...previewImage(profile.photoUrl, origin) } satisfies PageMeta,
    profile: {
      ...rest,
      specialties,
      languages: profile.languages.map((code) => t(`catalog:languages.${code}`)),
      prices,
      initials: initials(profile.name),
      ratingText: texts.rating,
      reviewsText: texts.reviews,
      priceText: formatMoney(prices[60], locale),
      // The 60-minute price first (spec, section 9).
      durations: ([60, 30] as const).map((minutes): [string, string] => [t("duration", { minutes }), formatMoney(prices[minutes], locale)]),
    },
  };
}

/** /psychologists/{id} (the modal) and /psychologist/{id}. */
export async function loadPublicProfile(request: Request, id: string) {
  const page = await pageTranslations(request, NAMESPACES);
  const profile = await getPublicProfile(id);
  if (!profile) notFound(page.t);
  const { head, ...facts } = publicFacts(profile, page);
  return { ...facts, meta: await pageMeta(request, head) };
}

/** /psychologist-details/{id}: everything public about the psychologist. */
export async function loadProfileDetails(request: Request, id: string, now = new Date()) {
  const page = await pageTranslations(request, NAMESPACES);
  const { t, locale } = page;
  const details = await getPublicProfileDetails(id, now);
  if (!details) notFound(t);
  const { head, ...facts } = publicFacts(details, page);
  const prices = facts.profile.prices;
  const pricesByDuration = ([30, 50, 60] as const).map((minutes) => ({ minutes, cents: priceForDuration(prices, minutes) }));
  const minutes = weeklyMinutes(details.weeklyBlocks);
  const nextSlots = nextFreeSlots(details, now);
  // Slots in the psychologist's zone (the page says which); review dates by month only.
  const slot = new Intl.DateTimeFormat(locale, { weekday: "short", day: "2-digit", month: "short", ...CLOCK_OPTIONS, timeZone: details.timeZone });
  const month = new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: details.timeZone });
  const education = details.education.includes(details.university) ? details.education : [details.education, details.university].filter(Boolean).join("\n");
  return {
    ...facts,
    meta: await pageMeta(request, { ...head, canonicalPath: `/psychologist-details/${details.id}` }),
    details: {
      /** The text blocks, in order: [section key, text]; empty ones are left out. */
      texts: (
        [
          ["about", details.bio],
          ["approach", details.therapeuticApproach || details.approach],
          ["education", education],
          ["certifications", details.certifications],
          ["experience", details.experience],
          ["statement", details.personalStatement],
        ] as Array<[string, string]>
      ).filter(([, text]) => text),
      pricesByDuration,
      durations: pricesByDuration.map(({ minutes, cents }): [string, string] => [t("duration", { minutes }), formatMoney(cents, locale)]),
      weeklyMinutes: minutes,
      weeklyHours: t("weeklyHours", formatWeeklyHours(minutes)),
      ratingCounts: details.ratingCounts,
      rated: Object.values(details.ratingCounts).reduce((sum, count) => sum + count, 0),
      reviews: details.reviews.map((review) => ({ rating: review.rating, comment: review.comment, date: month.format(review.createdAt) })),
      nextSlots,
      slotLabels: nextSlots.map((start) => slot.format(start)),
      timeZoneNote: t("timeZoneNote", { zone: currentZoneId(details.timeZone).replace(/_/g, " ") }),
    },
  };
}

/** The first free 30-minute slots within the horizon, by the booking rules (2-hour notice). */
function nextFreeSlots(details: NonNullable<Awaited<ReturnType<typeof getPublicProfileDetails>>>, now: Date): Date[] {
  const slots: Date[] = [];
  const today = dateInZone(now, details.timeZone);
  for (let day = 0; day <= DETAILS_HORIZON_DAYS && slots.length < NEXT_SLOTS; day += 1) {
    const found = availableSlots({
      weeklyBlocks: details.weeklyBlocks,
      datedBlocks: details.datedBlocks,
      daysOff: details.daysOff,
      timeZone: details.timeZone,
      busy: details.busy,
      now,
      date: addDays(today, day),
      durationMinutes: DIRECTORY_SLOT_MINUTES,
    });
    slots.push(...found.slice(0, NEXT_SLOTS - slots.length).map((slot) => slot.startsAt));
  }
  return slots;
}
