import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { BookingSteps } from "~/components/booking";
import { Chips } from "~/components/psychologist";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { TimeZoneCookie } from "~/components/time-zone-cookie";
import { useTranslation } from "~/i18n/use-translation";
import { loaderMeta } from "~/utils/meta";

/** /schedule/step1 (and /schedule): choose a psychologist, optionally preselected (?psychologistId, or the home's ?psychologist). */
export async function loader({ request }: LoaderFunctionArgs) {
  // Imported here so the browser bundle carries no stub of the server modules (see root.tsx).
  const [{ pageTranslations }, { bookablePsychologists }, { pageMeta }] = await Promise.all([
    import("~/i18n/i18n.server"),
    import("~/services/booking-pages.server"),
    import("~/services/page-meta.server"),
  ]);
  const { t, translations, locale } = await pageTranslations(request, ["booking"]);
  const url = new URL(request.url);
  const wanted = url.searchParams.get("psychologistId") ?? url.searchParams.get("psychologist");
  const { psychologists, selectedId } = await bookablePsychologists(wanted, locale);
  // /schedule is this page too: one canonical address.
  return { translations, meta: await pageMeta(request, { title: t("meta.step1Title"), canonicalPath: "/schedule/step1" }), psychologists, selectedId };
}

export const meta = loaderMeta;

/** The booking card shows two specialties and two languages (spec 01, 'Directory'). */
const BOOKING_CARD_CHIPS = 2;

export default function BookingStep1() {
  const { psychologists, selectedId } = useLoaderData<typeof loader>();
  const { t } = useTranslation("booking");
  return (
    <section className="page-narrow" aria-labelledby="booking-title">
      <TimeZoneCookie />
      <h1 id="booking-title" className="page-h1">
        {t("heading")}
      </h1>
      <BookingSteps current={1} />
      <h2 className="step-title">{t("step1.title")}</h2>
      <p className="muted mt-1">{t("step1.intro")}</p>
      {psychologists.length === 0 ? (
        <p className="card mt-6">{t("step1.empty")}</p>
      ) : (
        <Form method="get" action="/schedule/step2" className="mt-6">
          <fieldset>
            <legend className="sr-only">{t("step1.title")}</legend>
            <ul className="space-y-3">
              {psychologists.map((p) => (
                <li key={p.id}>
                  <label className="choice-card">
                    <input type="radio" name="psychologistId" value={p.id} defaultChecked={p.id === selectedId} required />
                    <span>
                      <b>{p.name}</b>
                      <small>
                        {p.crp ? `${t("step1.crp", { crp: p.crp })} · ` : null}
                        {p.rating ? t("step1.rating", { rating: p.rating }) : t("step1.newProfessional")}
                      </small>
                      {p.shortBio ? <span>{p.shortBio}</span> : null}
                      <Chips labels={p.specialties} max={BOOKING_CARD_CHIPS} />
                      <Chips labels={p.languages} max={BOOKING_CARD_CHIPS} />
                      <span>{t("step1.prices", { price30: p.price30, price60: p.price60 })}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <div className="form-buttons">
            <Link to="/psychologists" className="btn-secondary">
              {t("buttons.back")}
            </Link>
            <button type="submit" className="btn-primary">
              {t("buttons.next")}
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
