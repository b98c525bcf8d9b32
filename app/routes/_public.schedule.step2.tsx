import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { BookingSteps, Notice, SummaryList } from "~/components/booking";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { TimeZoneCookie } from "~/components/time-zone-cookie";
import { useTranslation } from "~/i18n/use-translation";
import { loaderMeta } from "~/utils/meta";

/**
 * /schedule/step2?psychologistId=… — date, duration and time. Every choice
 * is a link or a GET form, so it works without JavaScript; 'Próximo' checks
 * the selection on the server and moves to step 3 with it in the URL.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  // Imported here so the browser bundle carries no stub of the server module (see root.tsx).
  const { step2Page } = await import("~/services/booking-pages.server");
  return step2Page(request);
}

export const meta = loaderMeta;

let zoneReloaded = false;

/**
 * <TimeZoneCookie /> stores the browser's zone for the next request; with
 * JavaScript, a first visit in another zone reloads its times once, at once.
 */
function useBrowserTimeZone(current: string, fromProfile: boolean) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!fromProfile && !zoneReloaded && zone && zone !== current) {
      zoneReloaded = true;
      revalidate();
    }
    // Once per zone the server assumed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current]);
}

export default function BookingStep2() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("booking");
  useBrowserTimeZone(data.timeZone.id, data.timeZone.fromProfile);
  const { calendar } = data;
  const arrow = (href: string | null, label: string, text: string) =>
    href ? (
      <Link to={href} className="btn-ghost" aria-label={label} preventScrollReset>
        <span aria-hidden="true">{text}</span>
      </Link>
    ) : (
      <span aria-hidden="true">{text}</span>
    );
  return (
    <section className="page-narrow" aria-labelledby="booking-title">
      <TimeZoneCookie />
      <h1 id="booking-title" className="page-h1">
        {t("heading")}
      </h1>
      <BookingSteps current={2} />
      <h2 className="step-title">{t("step2.title")}</h2>
      <p className="muted mt-1">{t("step2.with", { name: data.psychologist.name })}</p>
      {data.error ? (
        <div className="mt-4">
          <Notice tone="error">{data.error}</Notice>
        </div>
      ) : null}

      <section className="card mt-6" aria-labelledby="calendar-title">
        <h3 className="sr-only">{t("step2.calendar")}</h3>
        <div className="month-nav">
          {arrow(calendar.previous, t("step2.previousMonth"), "‹")}
          <p id="calendar-title">{calendar.title}</p>
          {arrow(calendar.next, t("step2.nextMonth"), "›")}
        </div>
        <table className="calendar" aria-labelledby="calendar-title">
          <thead>
            <tr>
              {calendar.weekdays.map((weekday, index) => (
                <th key={index} scope="col" abbr={weekday.long}>
                  {weekday.short}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {calendar.weeks.map((week, index) => (
              <tr key={index}>
                {week.map((day, column) => (
                  <td key={column}>
                    {day && (day.href ? (
                      <Link
                        to={day.href}
                        aria-label={day.label}
                        aria-current={day.selected ? "date" : undefined}
                        data-available={day.state === "available" || undefined}
                        preventScrollReset
                      >
                        {day.day}
                      </Link>
                    ) : (
                      <span aria-label={day.label} aria-disabled="true">
                        {day.day}
                      </span>
                    ))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="hint">{t("step2.legend")}</p>
      </section>

      <section className="mt-6" aria-labelledby="duration-title">
        <h3 id="duration-title" className="font-semibold">
          {t("step2.duration")}
        </h3>
        <ul className="durations">
          {data.durations.map((option) => (
            <li key={option.minutes}>
              <Link to={option.href} aria-current={option.selected ? "true" : undefined} preventScrollReset>
                <b>{t("step2.minutes", { minutes: option.minutes })}</b>
                {option.price}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <Form method="get" action="/schedule/step2" className="mt-6">
        <input type="hidden" name="psychologistId" value={data.psychologist.id} />
        <input type="hidden" name="month" value={calendar.month} />
        {data.date ? <input type="hidden" name="date" value={data.date} /> : null}
        <input type="hidden" name="duration" value={data.duration} />
        <input type="hidden" name="next" value="1" />
        <fieldset>
          <legend className="font-semibold">{t("step2.slots")}</legend>
          <p className="hint mt-0">{t("step2.timeZone", { zone: data.timeZone.label })}</p>
          {!data.date ? (
            <p className="note">{t("step2.selectDate")}</p>
          ) : data.periods.length === 0 ? (
            <p className="note" role="status">
              {t("step2.noSlots")}
            </p>
          ) : (
            data.periods.map((group) => (
              <div key={group.period}>
                <p className="period-label">{group.label}</p>
                <div className="slots">
                  {group.slots.map((slot) => (
                    <label key={slot.value}>
                      <input type="radio" name="startsAt" value={slot.value} defaultChecked={slot.value === data.selectedStartsAt} />
                      {slot.label}
                    </label>
                  ))}
                </div>
              </div>
            ))
          )}
        </fieldset>

        <section className="card mt-6" aria-labelledby="summary-title">
          <h3 id="summary-title" className="font-semibold">
            {t("summary.title")}
          </h3>
          <SummaryList
            items={[
              { label: t("summary.psychologist"), value: data.psychologist.name },
              { label: t("summary.date"), value: data.dateLabel ?? t("summary.empty") },
              { label: t("summary.time"), value: data.selectedTime ?? t("summary.empty") },
              { label: t("summary.duration"), value: t("summary.minutes", { minutes: data.duration }) },
              { label: t("summary.price"), value: data.price },
            ]}
          />
        </section>

        <div className="form-buttons">
          <Link to={data.backHref} className="btn-secondary">
            {t("buttons.back")}
          </Link>
          <button type="submit" className="btn-primary">
            {t("buttons.next")}
          </button>
        </div>
      </Form>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
