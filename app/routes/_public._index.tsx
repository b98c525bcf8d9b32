import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PsychologistCard, type FeaturedCardData } from "~/components/psychologist";
import { useTranslation } from "~/i18n/use-translation";
import { loaderMeta } from "~/utils/meta";

/**
 * The home page: hero, the sign-up chooser, the featured psychologists (the
 * spec's carousel, real data), how it works, benefits, testimonials from
 * real published evaluations, and the closing call to action. Everything is
 * server-rendered; with JavaScript the featured grid refreshes every 30 s
 * while the tab is visible, and reports its impression and clicks.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  // Imported here so the browser bundle carries no stub of the server modules (see root.tsx).
  const [{ pageTranslations }, { HOME_NAMESPACES, loadHome }, { pageMeta }] = await Promise.all([
    import("~/i18n/i18n.server"),
    import("~/services/home.server"),
    import("~/services/page-meta.server"),
  ]);
  const page = await pageTranslations(request, HOME_NAMESPACES);
  const [home, meta] = await Promise.all([loadHome(page), pageMeta(request, { description: page.t("meta.description") })]);
  return { ...home, meta };
}

export const meta = loaderMeta;

const STEPS = ["account", "book", "connect"] as const;
const BENEFITS = ["qualified", "privacy", "prices", "flexibility", "support", "everyone"] as const;
/** The carousel's refresh (spec, section 9). */
const REFRESH_MS = 30_000;

/** The carousel's analytics (spec, section 7): fire and forget, failures ignored. */
function track(event: Record<string, unknown>) {
  try {
    navigator.sendBeacon("/api/analytics/events", new Blob([JSON.stringify({ ...event, timestamp: new Date().toISOString() })], { type: "application/json" }));
  } catch {
    // Analytics never gets in the visitor's way.
  }
}

export default function Home() {
  const { featured, testimonials } = useLoaderData<typeof loader>();
  const { t } = useTranslation("home");
  return (
    <>
      <section className="hero">
        <div className="hero-body">
          <h1 className="hero-title">{t("hero.title")}</h1>
          <p className="lead">{t("hero.subtitle")}</p>
          <div className="actions mt-8">
            <Link to="/psychologists" className="btn-primary btn-lg">
              {t("hero.start")}
            </Link>
            <Link to="/how-it-works" className="btn-secondary btn-lg">
              {t("hero.howItWorks")}
            </Link>
          </div>
          <details className="chooser">
            <summary>{t("chooser.open")}</summary>
            <div role="group" aria-labelledby="chooser-title">
              <h2 id="chooser-title">{t("chooser.title")}</h2>
              <Link to="/register">{t("chooser.patient")}</Link>
              <Link to="/psychologist-register">{t("chooser.psychologist")}</Link>
            </div>
          </details>
        </div>
      </section>

      <Featured items={featured} />

      <section className="container-page py-14" aria-labelledby="steps-title">
        <h2 id="steps-title" className="section-title">
          {t("steps.title")}
        </h2>
        <ol className="card-grid sm:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step} className="card">
              <span className="step-number">{index + 1}</span>
              <h3 className="mt-4 font-semibold">{t(`steps.${step}.title`)}</h3>
              <p className="card-text">{t(`steps.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="band" aria-labelledby="benefits-title">
        <div className="container-page">
          <h2 id="benefits-title" className="section-title">
            {t("benefits.title")}
          </h2>
          <ul className="card-grid">
            {BENEFITS.map((benefit) => (
              <li key={benefit} className="card">
                <h3 className="font-semibold">{t(`benefits.${benefit}.title`)}</h3>
                <p className="card-text">{t(`benefits.${benefit}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {testimonials.length > 0 ? (
        <section className="container-page py-14" aria-labelledby="testimonials-title">
          <h2 id="testimonials-title" className="section-title">
            {t("testimonials.title")}
          </h2>
          <ul className="card-grid">
            {testimonials.map((item, index) => (
              <li key={index} className="card">
                <figure className="testimonial">
                  <p role="img" aria-label={item.label}>
                    {"★".repeat(item.rating) + "☆".repeat(5 - item.rating)}
                  </p>
                  <blockquote>{item.comment}</blockquote>
                  <figcaption>{item.caption}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="page-message" aria-labelledby="cta-title">
        <h2 id="cta-title" className="section-title">
          {t("cta.title")}
        </h2>
        <p className="muted mt-3">{t("cta.text")}</p>
        <Link to="/psychologists" className="btn-primary btn-lg mt-6">
          {t("cta.button")}
        </Link>
      </section>
    </>
  );
}

/**
 * 'Psicólogos em destaque': the cards, or the spec's empty and error states
 * (their buttons reload the page). With JavaScript: a refresh every 30 s
 * while the tab is visible, the impression once, and a click per card link.
 */
function Featured({ items }: { items: FeaturedCardData[] | null }) {
  const { t } = useTranslation("home");
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => document.visibilityState === "visible" && revalidate(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [revalidate]);
  useEffect(() => {
    if (items?.length) track({ event: "carousel_impression", psychologist_count: items.length, psychologist_ids: items.map((item) => item.id) });
    // Once per page view, for the cards first shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <section className="band" aria-labelledby="featured-title">
      <div className="container-page">
        <h2 id="featured-title" className="section-title">
          {t("featured.title")}
        </h2>
        {items === null ? (
          <div role="alert" className="card alert">
            <p>{t("featured.error")}</p>
            <a href="/">{t("featured.retry")}</a>
          </div>
        ) : items.length === 0 ? (
          <div className="card featured-empty">
            <h3>{t("featured.emptyTitle")}</h3>
            <p className="muted">{t("featured.emptyText")}</p>
            <a href="/" className="btn-secondary">
              {t("featured.refresh")}
            </a>
          </div>
        ) : (
          // Clicks on a card's links, caught once for the grid.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
          <ul
            className="card-grid"
            data-featured
            onClick={(event) => {
              const link = (event.target as Element).closest("a");
              const id = link?.closest("article")?.getAttribute("aria-labelledby")?.slice(4);
              if (link && id) {
                track({ event: "carousel_click", psychologist_id: id, action: link.pathname.startsWith("/schedule") ? "schedule" : "view_profile", user_agent: navigator.userAgent });
              }
            }}
          >
            {items.map((item) => (
              <li key={item.id}>
                <PsychologistCard p={item} featured />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
