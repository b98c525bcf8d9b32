import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useTranslation } from "~/i18n/use-translation";
import { loaderMeta } from "~/utils/meta";

const NS = "how-it-works";

export async function loader({ request }: LoaderFunctionArgs) {
  // Imported here so the browser bundle carries no stub of the server modules (see root.tsx).
  const [{ pageTranslations }, { pageMeta }] = await Promise.all([import("~/i18n/i18n.server"), import("~/services/page-meta.server")]);
  const { t, translations } = await pageTranslations(request, [NS]);
  return { translations, meta: await pageMeta(request, { title: t("meta.title"), description: t("meta.description") }) };
}

export const meta = loaderMeta;

const PATIENT_STEPS = ["find", "book", "pay", "meet"] as const;
const CARE = ["reminders", "reschedule"] as const;
const REFUNDS = ["full", "partial", "none"] as const;
const PSYCHOLOGIST_STEPS = ["register", "review", "availability", "payments"] as const;
const FAQ = ["online", "crp", "app", "confidential", "pix", "minors"] as const;

const muted = "text-slate-600 dark:text-slate-400";

function Steps({ group, steps }: { group: string; steps: readonly string[] }) {
  const { t } = useTranslation(NS);
  return (
    <ol className="mt-8 grid gap-6 sm:grid-cols-2">
      {steps.map((step, index) => (
        <li key={step} className="card">
          <span aria-hidden="true" className="flex h-10 w-10 items-center justify-center rounded-full bg-teal-100 font-bold text-teal-900">
            {index + 1}
          </span>
          <h3 className="mt-4 font-semibold">{t(`${group}.${step}.title`)}</h3>
          <p className={`mt-2 text-sm leading-relaxed ${muted}`}>{t(`${group}.${step}.text`)}</p>
        </li>
      ))}
    </ol>
  );
}

function Actions() {
  const { t } = useTranslation(NS);
  return (
    <div className="mt-8 flex flex-wrap justify-center gap-3">
      <Link to="/psychologists" className="btn-primary px-6 py-3 text-base">
        {t("actions.start")}
      </Link>
      <Link to="/psychologist-register" className="btn-secondary px-6 py-3 text-base">
        {t("actions.psychologist")}
      </Link>
    </div>
  );
}

export default function HowItWorks() {
  const { t } = useTranslation(NS);
  return (
    <>
      <section className="bg-gradient-to-b from-teal-50 to-white py-14 dark:from-slate-900 dark:to-slate-950">
        <div className="container-page max-w-3xl text-center">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("hero.title")}</h1>
          <p className={`mt-4 text-lg ${muted}`}>{t("hero.subtitle")}</p>
          <Actions />
        </div>
      </section>

      <section className="container-page py-12" aria-labelledby="patients">
        <h2 id="patients" className="text-2xl font-bold">
          {t("patients.title")}
        </h2>
        <p className={`mt-2 ${muted}`}>{t("patients.subtitle")}</p>
        <Steps group="patients" steps={PATIENT_STEPS} />
      </section>

      <section className="bg-slate-50 py-12 dark:bg-slate-900" aria-labelledby="care">
        <div className="container-page">
          <h2 id="care" className="text-2xl font-bold">
            {t("care.title")}
          </h2>
          <div className="mt-8 grid gap-6 lg:grid-cols-3">
            {CARE.map((item) => (
              <div key={item} className="card">
                <h3 className="font-semibold">{t(`care.${item}.title`)}</h3>
                <p className={`mt-2 text-sm leading-relaxed ${muted}`}>{t(`care.${item}.text`)}</p>
              </div>
            ))}
            <div className="card">
              <h3 className="font-semibold">{t("care.cancel.title")}</h3>
              <p className={`mt-2 text-sm ${muted}`}>{t("care.cancel.intro")}</p>
              <ul className={`mt-2 list-disc space-y-1 ps-5 text-sm ${muted}`}>
                {REFUNDS.map((refund) => (
                  <li key={refund}>{t(`care.cancel.${refund}`)}</li>
                ))}
              </ul>
              <p className={`mt-2 text-sm leading-relaxed ${muted}`}>{t("care.cancel.note")}</p>
            </div>
          </div>
        </div>
      </section>

      <section className="container-page py-12" aria-labelledby="psychologists">
        <h2 id="psychologists" className="text-2xl font-bold">
          {t("psychologists.title")}
        </h2>
        <p className={`mt-2 ${muted}`}>{t("psychologists.subtitle")}</p>
        <Steps group="psychologists" steps={PSYCHOLOGIST_STEPS} />
      </section>

      <section className="container-page max-w-3xl pb-12" aria-labelledby="faq">
        <h2 id="faq" className="text-2xl font-bold">
          {t("faq.title")}
        </h2>
        <dl className="mt-6 divide-y divide-slate-200 dark:divide-slate-800">
          {FAQ.map((item) => (
            <div key={item} className="py-4">
              <dt className="font-semibold">{t(`faq.${item}.q`)}</dt>
              <dd className={`mt-2 leading-relaxed ${muted}`}>{t(`faq.${item}.a`)}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm">
          <span className={muted}>{t("faq.more")}</span>
          <Link to="/terms" className="font-medium text-teal-700 hover:underline dark:text-teal-400">
            {t("faq.termsLink")}
          </Link>
          <Link to="/privacy" className="font-medium text-teal-700 hover:underline dark:text-teal-400">
            {t("faq.privacyLink")}
          </Link>
        </p>
      </section>

      <section className="container-page max-w-3xl pb-12" aria-labelledby="emergency">
        <div role="note" className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100">
          <h2 id="emergency" className="text-lg font-bold">
            {t("emergency.title")}
          </h2>
          <p className="mt-2 leading-relaxed">{t("emergency.text")}</p>
          <ul className="mt-3 flex flex-col gap-2 font-semibold sm:flex-row sm:gap-6">
            <li>
              <a href="tel:188" className="underline">
                {t("emergency.cvv")}
              </a>
            </li>
            <li>
              <a href="tel:192" className="underline">
                {t("emergency.samu")}
              </a>
            </li>
          </ul>
          <p className="mt-3 text-sm">{t("emergency.hospital")}</p>
        </div>
      </section>

      <section className="bg-slate-50 py-14 text-center dark:bg-slate-900" aria-labelledby="cta">
        <div className="container-page">
          <h2 id="cta" className="text-2xl font-bold">
            {t("cta.title")}
          </h2>
          <p className={`mt-3 ${muted}`}>{t("cta.text")}</p>
          <Actions />
        </div>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
