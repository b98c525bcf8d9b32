import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { routeMeta } from "~/utils/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  // Imported here so the browser bundle carries no stub of the server module (see root.tsx).
  const { pageTranslations } = await import("~/i18n/i18n.server");
  const { t, translations } = await pageTranslations(request, ["home"]);
  return { translations, description: t("meta.description") };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  routeMeta(matches, { description: data?.description });

const STEPS = ["account", "book", "connect"] as const;
const BENEFITS = ["qualified", "privacy", "prices", "flexibility", "support", "everyone"] as const;

export default function Home() {
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
        </div>
      </section>

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

export const ErrorBoundary = GeneralErrorBoundary;
