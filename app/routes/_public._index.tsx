import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/use-translation";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageTranslations } from "~/i18n/i18n.server";
import { routeMeta } from "~/utils/meta";

export async function loader({ request }: LoaderFunctionArgs) {
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
      <section className="bg-gradient-to-b from-teal-50 to-white py-16 dark:from-slate-900 dark:to-slate-950">
        <div className="container-page max-w-3xl text-center">
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{t("hero.title")}</h1>
          <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">{t("hero.subtitle")}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/psychologists" className="btn-primary px-6 py-3 text-base">
              {t("hero.start")}
            </Link>
            <Link to="/how-it-works" className="btn-secondary px-6 py-3 text-base">
              {t("hero.howItWorks")}
            </Link>
          </div>
        </div>
      </section>

      <section className="container-page py-14" aria-labelledby="steps-title">
        <h2 id="steps-title" className="text-center text-2xl font-bold">
          {t("steps.title")}
        </h2>
        <ol className="mt-8 grid gap-6 sm:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step} className="card">
              <span className="flex h-10 w-10 items-center justify-center rounded-full bg-teal-100 font-bold text-teal-900">
                {index + 1}
              </span>
              <h3 className="mt-4 font-semibold">{t(`steps.${step}.title`)}</h3>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t(`steps.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="bg-slate-50 py-14 dark:bg-slate-900" aria-labelledby="benefits-title">
        <div className="container-page">
          <h2 id="benefits-title" className="text-center text-2xl font-bold">
            {t("benefits.title")}
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {BENEFITS.map((benefit) => (
              <li key={benefit} className="card">
                <h3 className="font-semibold">{t(`benefits.${benefit}.title`)}</h3>
                <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t(`benefits.${benefit}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="container-page py-16 text-center" aria-labelledby="cta-title">
        <h2 id="cta-title" className="text-2xl font-bold">
          {t("cta.title")}
        </h2>
        <p className="mt-3 text-slate-600 dark:text-slate-400">{t("cta.text")}</p>
        <Link to="/psychologists" className="btn-primary mt-6 px-6 py-3 text-base">
          {t("cta.button")}
        </Link>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
