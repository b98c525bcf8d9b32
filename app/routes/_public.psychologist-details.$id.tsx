import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Block, Durations, ProfileActions, ProfileChips, ProfileHead } from "~/components/psychologist";
import { bookingPath } from "~/domain/share";
import { useTranslation } from "~/i18n/use-translation";
import { loaderMeta } from "~/utils/meta";

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

export const meta = loaderMeta;

export default function PsychologistDetails() {
  const { profile: p, details: d, shareUrl } = useLoaderData<typeof loader>();
  const { t } = useTranslation("profile");
  return (
    <div className="container-page profile details">
      <Link to="/psychologists" className="back-link">
        {t("backToDirectory")}
      </Link>
      <ProfileHead profile={p} heading />
      <ProfileActions id={p.id} shareUrl={shareUrl} />
      {d.texts.map(([key, text]) => (
        <Block key={key} title={t(`sections.${key}`)}>
          <p dir="auto">{text}</p>
        </Block>
      ))}
      <ProfileChips profile={p} />
      <Block title={t("sections.durations")}>
        <Durations prices={d.durations} />
      </Block>
      <Block title={t("sections.hours")}>
        <p className="plain">{d.weeklyHours}</p>
      </Block>
      <Block title={t("sections.nextSlots")}>
        {d.slotLabels.length === 0 ? (
          <p>{t("noSlots")}</p>
        ) : (
          <>
            <ul className="slot-list">
              {d.slotLabels.map((label) => (
                <li key={label} className="card">
                  {label}
                </li>
              ))}
            </ul>
            <p className="text-xs">{d.timeZoneNote}</p>
          </>
        )}
      </Block>
      <Block title={t("sections.ratings")}>
        {d.rated > 0 ? (
          <ul className="rating-bars">
            {([5, 4, 3, 2, 1] as const).map((stars) => (
              <li key={stars}>
                <span>{t("stars", { count: stars })}</span>
                <meter min={0} max={d.rated} value={d.ratingCounts[stars]} />
                <span>{d.ratingCounts[stars]}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t("rating.none")}</p>
        )}
      </Block>
      <Block title={t("sections.reviews")}>
        {d.reviews.length === 0 ? <p>{t("noReviews")}</p> : null}
        {d.reviews.map((review, index) => (
          <figure key={index} className="card review">
            <p role="img" aria-label={t("rating.outOf", { value: review.rating })}>
              {"★".repeat(review.rating) + "☆".repeat(5 - review.rating)}
            </p>
            {review.comment ? <blockquote dir="auto">{review.comment}</blockquote> : null}
            <figcaption>
              {t("anonymousPatient")} · {review.date}
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
      <GeneralErrorBoundary heading />
    </section>
  );
}
