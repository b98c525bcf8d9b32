import { pricesFor, priceForDuration } from "~/domain/pricing";
import { profilePath } from "~/domain/share";
import { addDays, availableSlots, dateInZone, weeklyMinutes } from "~/domain/slots";
import { DIRECTORY_SLOT_MINUTES } from "~/domain/directory-availability";
import { pageTranslations } from "~/i18n/i18n.server";
import { DETAILS_HORIZON_DAYS, getPublicProfile, getPublicProfileDetails, type PublicProfile } from "~/models/public-profile.server";
import { env } from "~/utils/env.server";
import { personJsonLd } from "~/utils/meta";

/**
 * What the public profile pages load: the profile (or the 404 'Psicólogo
 * não encontrado' for anyone not approved), its prices by the pricing
 * rules, the address to share, and the Person JSON-LD.
 */

const NAMESPACES = ["profile", "catalog"];
/** Free slots the full profile lists. */
const NEXT_SLOTS = 6;

type Translate = Awaited<ReturnType<typeof pageTranslations>>["t"];

/** The texts travel with the 404: a failed loader sends no translations to its error boundary. */
function notFound(t: Translate): never {
  throw Response.json({ notFound: { title: t("notFound.title"), text: t("notFound.text"), back: t("notFound.back") } }, { status: 404 });
}

function publicFacts(profile: PublicProfile, t: Translate) {
  const origin = new URL(env().APP_URL).origin;
  const shareUrl = new URL(profilePath(profile.id), origin).toString();
  const description = profile.shortBio || t("meta.description", { name: profile.name });
  const jsonLd = personJsonLd(origin, {
    name: profile.name,
    url: shareUrl,
    image: profile.photoUrl,
    description,
    jobTitle: t("jobTitle"),
    crp: profile.crp,
    languages: profile.languages,
    knowsAbout: profile.specialties.map((code) => t(`catalog:specialties.${code}`)),
  });
  const prices = pricesFor({ pricing: profile.pricing, psychologistPriceCents: profile.priceCents });
  const { pricing: _pricing, timeZone: _timeZone, ...rest } = profile;
  return { shareUrl, meta: { title: profile.name, description, jsonLd: [jsonLd] }, profile: { ...rest, prices } };
}

/** /psychologists/{id} (the modal) and /psychologist/{id}. */
export async function loadPublicProfile(request: Request, id: string) {
  const { t, translations } = await pageTranslations(request, NAMESPACES);
  const profile = await getPublicProfile(id);
  if (!profile) notFound(t);
  return { translations, ...publicFacts(profile, t) };
}

/** /psychologist-details/{id}: everything public about the psychologist. */
export async function loadProfileDetails(request: Request, id: string, now = new Date()) {
  const { t, translations } = await pageTranslations(request, NAMESPACES);
  const details = await getPublicProfileDetails(id, now);
  if (!details) notFound(t);
  const facts = publicFacts(details, t);
  const prices = facts.profile.prices;
  return {
    translations,
    ...facts,
    details: {
      experience: details.experience,
      approach: details.therapeuticApproach || details.approach,
      certifications: details.certifications,
      personalStatement: details.personalStatement,
      university: details.university,
      graduationYear: details.graduationYear,
      timeZone: details.timeZone,
      pricesByDuration: ([30, 50, 60] as const).map((minutes) => ({ minutes, cents: priceForDuration(prices, minutes) })),
      weeklyMinutes: weeklyMinutes(details.weeklyBlocks),
      ratingCounts: details.ratingCounts,
      reviews: details.reviews,
      nextSlots: nextFreeSlots(details, now),
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
