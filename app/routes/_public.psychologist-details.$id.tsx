import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Block, ProfileActions, ProfileHead } from "~/components/profile-modal";
import { ProfileNotFound } from "~/components/profile-not-found";
import { Chips } from "~/components/psychologist-facts";
import { MAX_LANGUAGES } from "~/domain/catalog";
import { bookingPath } from "~/domain/share";
import { useTranslation } from "~/i18n/use-translation";
import { formatMoney } from "~/utils/format";
import { routeMeta } from "~/utils/meta";

/**
 * /psychologist-details/{id}: the full public profile — approach,
 * education, certifications, experience, statement, prices per duration,
 * weekly hours, rating distribution and published reviews, the next free
 * slots, and 'Agendar Consulta'.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { loadProfileDetails } = await import("~/services/public-profile.server");
  return loadProfileDetails(request, params.id ?? "");
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, params }) =>
  routeMeta(matches, data ? { ...data.meta, canonicalPath: `/psychologist-details/${params.id}` } : { noindex: true });

export default function PsychologistDetails() {
  const { profile: p, details: d, shareUrl } = useLoaderData<typeof loader>();
  const { t, locale } = useTranslation("profile");
  const rated = Object.values(d.ratingCounts).reduce((sum, count) => sum + count, 0);
  const slot = new Intl.DateTimeFormat(locale, { weekday: "short", day: "2-digit", month: "short", hour: "2-digit", minute: "2-digit", timeZone: d.timeZone });
  const month = new Intl.DateTimeFormat(locale, { month: "long", year: "numeric" });
  const texts: Array<[string, string]> = [
    ["about", p.bio],
    ["approach", d.approach],
    ["education", p.education.includes(d.university) ? p.education : [p.education, d.university].filter(Boolean).join("\n")],
    ["certifications", d.certifications],
    ["experience", d.experience],
    ["statement", d.personalStatement],
  ];
  return (
    <div className="container-page flex max-w-3xl flex-col gap-6 py-8">
      <Link to="/psychologists" className="text-sm text-teal-800 underline dark:text-teal-300">
        {t("backToDirectory")}
      </Link>
      <ProfileHead profile={p} heading />
      <ProfileActions id={p.id} shareUrl={shareUrl} />
      {texts.map(([key, value]) =>
        value ? (
          <Block key={key} title={t(`sections.${key}`)}>
            <p className="muted whitespace-pre-line text-sm">{value}</p>
          </Block>
        ) : null,
      )}
      <Block title={t("sections.specialties")}>
        <Chips labels={p.specialties.map((code) => t(`catalog:specialties.${code}`))} max={99} />
      </Block>
      <Block title={t("sections.languages")}>
        <Chips labels={p.languages.map((code) => t(`catalog:languages.${code}`))} max={MAX_LANGUAGES} />
      </Block>
      <Block title={t("sections.durations")}>
        <ul className="text-sm">
          {d.pricesByDuration.map(({ minutes, cents }) => (
            <li key={minutes}>
              {t("duration", { minutes })}: <b>{formatMoney(cents, locale)}</b>
            </li>
          ))}
        </ul>
      </Block>
      <Block title={t("sections.hours")}>
        <p>{t("weeklyHours", { hours: Math.floor(d.weeklyMinutes / 60), minutes: d.weeklyMinutes % 60 })}</p>
      </Block>
      <Block title={t("sections.nextSlots")}>
        {d.nextSlots.length === 0 ? (
          <p className="muted text-sm">{t("noSlots")}</p>
        ) : (
          <>
            <ul className="grid grid-cols-2 gap-2 text-sm">
              {d.nextSlots.map((start) => (
                <li key={String(start)} className="card p-2">
                  {slot.format(new Date(start))}
                </li>
              ))}
            </ul>
            <p className="muted text-xs">{t("timeZoneNote", { zone: d.timeZone.replace(/_/g, " ") })}</p>
          </>
        )}
      </Block>
      <Block title={t("sections.ratings")}>
        {rated > 0 ? (
          <ul className="text-sm">
            {([5, 4, 3, 2, 1] as const).map((stars) => (
              <li key={stars} className="flex items-center gap-2">
                <span className="w-20">{t("stars", { count: stars })}</span>
                <meter min={0} max={rated} value={d.ratingCounts[stars]} className="flex-1" />
                <span className="w-6 text-end">{d.ratingCounts[stars]}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted text-sm">{t("rating.none")}</p>
        )}
      </Block>
      <Block title={t("sections.reviews")}>
        {d.reviews.length === 0 ? <p className="muted text-sm">{t("noReviews")}</p> : null}
        {d.reviews.map((review, index) => (
          <figure key={index} className="card p-3 text-sm">
            <p className="text-amber-500" role="img" aria-label={t("rating.outOf", { value: review.rating })}>
              {"★".repeat(review.rating) + "☆".repeat(5 - review.rating)}
            </p>
            {review.comment ? <blockquote>{review.comment}</blockquote> : null}
            <figcaption className="muted text-xs">
              {t("anonymousPatient")} · {month.format(new Date(review.createdAt))}
            </figcaption>
          </figure>
        ))}
      </Block>
      <Link to={bookingPath(p.id)} className="btn-primary btn-lg self-center">
        {t("book")}
      </Link>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <section className="page-message">
      <ProfileNotFound heading />
    </section>
  );
}
