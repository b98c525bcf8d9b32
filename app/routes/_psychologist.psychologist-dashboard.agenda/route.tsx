import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LoadError } from "~/components/load-error";
import { FormErrors, SubmitButton } from "~/components/forms";
import { isDate } from "~/domain/agenda";
import { useTranslation } from "~/i18n/use-translation";
import { requirePsychologist } from "~/services/session.server";
import { formatLongDate } from "~/utils/format";
import { currentZoneId } from "~/utils/zoned-time";
import { agendaAction, agendaTabData } from "./agenda.server";

/** /psychologist-dashboard/agenda — 'Agenda 24h': the month, the chosen day's periods and slots, the weekly pattern. */
export async function loader({ request }: LoaderFunctionArgs) {
  return agendaTabData(request, await requirePsychologist(request));
}

export async function action({ request }: ActionFunctionArgs) {
  return agendaAction(request, await requirePsychologist(request));
}

function TimeSelect({ name, label, options, defaultValue }: { name: string; label: string; options: readonly string[]; defaultValue?: string }) {
  return (
    <label className="block text-sm font-medium">
      {label}
      <select name={name} required defaultValue={defaultValue ?? ""} className="input mt-1 w-full">
        <option value="" disabled>
          --:--
        </option>
        {options.map((time) => (
          <option key={time} value={time}>
            {time}
          </option>
        ))}
      </select>
    </label>
  );
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
/** What an action answers when it does not redirect; `values`, what an adding form sent, to fill it in again. */
type Result = { error?: string; intent?: string; values?: { date?: string; weekday?: string; startTime?: string; endTime?: string } } | undefined;

export default function AgendaTab() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as Result;
  const { t } = useTranslation("agenda");
  if (data.error === null) return <Agenda data={data} result={result} />;
  return (
    <section aria-labelledby="tab-title" className="space-y-6">
      <AgendaHeading zone={data.zoneLabel} />
      {result?.error ? <FormErrors errors={[result.error]} autoFocus /> : null}
      <LoadError message={data.error} retry={t("retry")} />
    </section>
  );
}

function AgendaHeading({ zone }: { zone: string }) {
  const { t } = useTranslation("agenda");
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h2 id="tab-title" className="text-xl font-semibold">
        {t("heading")}
      </h2>
      <p className="muted text-xs">{t("zone", { zone })}</p>
    </div>
  );
}

function Agenda({ data, result }: { data: Extract<Data, { error: null }>; result: Result }) {
  const { t, locale } = useTranslation("agenda");
  // A refused form comes back with what was chosen.
  const typed = (intent: string) => (result?.intent === intent ? result.values : undefined);
  // The day a refused block was for, even when the page's address names another (a post without ?date= is for today's page).
  const sentDate = typed("add-block")?.date;
  const blockDate = isDate(sentDate) ? sentDate : data.selected.date;
  const blockDateLabel = blockDate === data.selected.date ? data.selected.label : (formatLongDate(`${blockDate}T12:00:00Z`, locale, "UTC") ?? blockDate);
  const location = useLocation();
  const dialog = useRef<HTMLDialogElement>(null);
  const query = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) params.delete(name);
      else params.set(name, value);
    }
    return `?${params}`;
  };
  // A refused block keeps its dialog open to show why.
  const dialogOpen = data.adding || result?.intent === "add-block";
  useEffect(() => {
    if (dialogOpen && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [dialogOpen]);
  // A saved block answers with a redirect (a new location): the dialog the button opened closes, its times cleared for the next one.
  useEffect(() => {
    const element = dialog.current;
    if (dialogOpen || !element?.open) return;
    element.close();
    element.querySelector("form")?.reset();
  }, [location.key, dialogOpen]);

  return (
    <section aria-labelledby="tab-title" className="space-y-6">
      <AgendaHeading zone={data.zoneLabel} />
      {result?.error && result.intent !== "add-block" && result.intent !== "set-time-zone" ? <FormErrors errors={[result.error]} autoFocus /> : null}

      <PracticeZone data={data} error={result?.intent === "set-time-zone" ? result.error : undefined} />

      <div className="grid gap-6 lg:grid-cols-2">
        <div className="card">
          <div className="flex items-center justify-between gap-2">
            <Link to={query({ month: data.previousMonth, add: null })} className="btn-ghost" aria-label={t("previousMonth")}>
              ‹
            </Link>
            <h3 id="month-title" className="font-semibold">
              {data.monthLabel}
            </h3>
            <Link to={query({ month: data.nextMonth, add: null })} className="btn-ghost" aria-label={t("nextMonth")}>
              ›
            </Link>
          </div>
          <Link to={query({ month: data.today.slice(0, 7), date: data.today, add: null })} className="btn-secondary mt-2 px-3 py-1 text-sm">
            {t("today")}
          </Link>
          <table className="mt-3 w-full table-fixed text-center text-sm" aria-labelledby="month-title">
            <thead>
              <tr>
                {data.weekdayHeadings.map((weekday) => (
                  <th key={weekday.long} scope="col" abbr={weekday.long} className="py-1 text-xs font-medium text-slate-500 dark:text-slate-400">
                    {weekday.short}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.weeks.map((week) => (
                <tr key={week[0]!.date}>
                  {week.map((day) => {
                    const number = Number(day.date.slice(8));
                    const disabled = !day.inMonth || day.past;
                    const hours = day.periods > 0 ? t("dayTooltip", { periods: t("periodCount", { count: day.periods }), slots: t("slotCount", { count: day.slots }) }) : t("dayEmpty");
                    const tip = day.off ? `${t("dayOff.label")} · ${hours}` : hours;
                    // A day off is told by its dashed outline and a word for screen readers, not by colour alone.
                    const className = `relative block rounded-md py-2 ${day.periods > 0 ? "bg-teal-50 dark:bg-teal-950" : ""} ${day.off ? "border border-dashed border-amber-700 dark:border-amber-400" : ""} ${day.date === data.selected.date ? "ring-2 ring-teal-700" : ""}`;
                    const offLabel = day.off ? <span className="sr-only"> ({t("dayOff.label")})</span> : null;
                    return (
                      <td key={day.date} className="p-0.5">
                        {disabled ? (
                          <span aria-disabled="true" title={tip} className={`${className} text-slate-400 dark:text-slate-600`}>
                            {number}
                            {offLabel}
                          </span>
                        ) : (
                          <Link to={query({ date: day.date, month: data.month, add: null })} title={tip} aria-current={day.date === data.selected.date ? "date" : undefined} className={className}>
                            {number}
                            {offLabel}
                            {day.periods > 0 ? <span aria-hidden="true" className="absolute bottom-1 left-1/2 h-1 w-1 -translate-x-1/2 rounded-full bg-teal-700" /> : null}
                          </Link>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        <div className="card" aria-labelledby="day-title">
          <h3 id="day-title" className="font-semibold">
            {data.selected.label}
          </h3>
          <p className="muted text-sm">{t("summary", { periods: t("periodCount", { count: data.selected.periods }), slots: t("slotCount", { count: data.selected.slots }) })}</p>
          <DayOff data={data} />
          {data.selected.dated.length + data.selected.weekly.length === 0 ? <p className="mt-2 text-sm">{t("noPeriods")}</p> : null}
          <ul className="mt-2 space-y-1 text-sm">
            {data.selected.weekly.map((block) => (
              <li key={block.id} className="flex items-center justify-between gap-2">
                <span>
                  {block.start} - {block.end} <span className="muted">({t("weeklyTag")})</span>
                </span>
              </li>
            ))}
            {data.selected.dated.map((block) => (
              <li key={block.id} className="flex items-center justify-between gap-2">
                <span>
                  {block.start} - {block.end}
                </span>
                {data.selected.past ? null : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete-block" />
                    <input type="hidden" name="blockId" value={block.id} />
                    <button type="submit" className="inline-flex min-h-6 items-center text-red-700 underline dark:text-red-300" aria-label={t("removePeriod", { period: `${block.start} - ${block.end}` })}>
                      {t("remove")}
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
          {data.selected.slotLabels.length > 0 ? (
            <details className="mt-3 text-sm">
              <summary>{t("slotList", { count: data.selected.slotLabels.length })}</summary>
              <ul className="mt-1 grid grid-cols-2 gap-1">
                {data.selected.slotLabels.map((label) => (
                  <li key={label}>{label}</li>
                ))}
              </ul>
            </details>
          ) : null}
          {data.selected.past ? null : (
            <Link
              to={query({ date: data.selected.date, add: "1" })}
              className="btn-primary mt-4"
              onClick={(event) => {
                // With JavaScript the same form opens as a dialog, without leaving the page.
                if (dialog.current) {
                  event.preventDefault();
                  dialog.current.showModal();
                }
              }}
            >
              {t("addBlock")}
            </Link>
          )}
        </div>
      </div>

      <dialog ref={dialog} open={dialogOpen ? true : undefined} aria-labelledby="block-title" className="w-full max-w-md rounded-xl p-0 backdrop:bg-slate-900/50">
        <Form method="post" className="space-y-3 p-6">
          <h3 id="block-title" className="text-lg font-semibold">
            {t("blockDialog", { date: blockDateLabel })}
          </h3>
          {result?.intent === "add-block" && result.error ? <FormErrors errors={[result.error]} autoFocus /> : null}
          <input type="hidden" name="intent" value="add-block" />
          <input type="hidden" name="date" value={blockDate} />
          <div className="grid grid-cols-2 gap-3">
            <TimeSelect name="startTime" label={t("start")} options={data.timeOptions} defaultValue={typed("add-block")?.startTime} />
            <TimeSelect name="endTime" label={t("end")} options={data.timeOptions} defaultValue={typed("add-block")?.endTime} />
          </div>
          <div className="flex justify-end gap-2">
            <Link to={query({ add: null })} className="btn-secondary" onClick={(event) => {
              if (dialog.current?.open && !data.adding) {
                event.preventDefault();
                dialog.current.close();
              }
            }}>
              {t("cancel")}
            </Link>
            <SubmitButton className="btn-primary">{t("save")}</SubmitButton>
          </div>
        </Form>
      </dialog>

      <section className="card" aria-labelledby="weekly-title">
        <h3 id="weekly-title" className="font-semibold">
          {t("weekly.heading")}
        </h3>
        <p className="muted text-sm">{t("weekly.explain")}</p>
        <ul className="mt-3 grid gap-2 sm:grid-cols-2">
          {data.weekly.map((day) => (
            <li key={day.weekday}>
              <p className="font-medium">{data.weekdayNames[day.weekday]}</p>
              {day.blocks.length === 0 ? <p className="muted text-sm">{t("weekly.none")}</p> : null}
              <ul className="text-sm">
                {day.blocks.map((block) => (
                  <li key={block.id} className="flex items-center justify-between gap-2">
                    <span>
                      {block.start} - {block.end}
                    </span>
                    <Form method="post">
                      <input type="hidden" name="intent" value="delete-weekly" />
                      <input type="hidden" name="blockId" value={block.id} />
                      <button type="submit" className="inline-flex min-h-6 items-center text-red-700 underline dark:text-red-300" aria-label={t("removePeriod", { period: `${data.weekdayNames[day.weekday]} ${block.start} - ${block.end}` })}>
                        {t("remove")}
                      </button>
                    </Form>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <Form method="post" className="mt-4 grid gap-3 sm:grid-cols-4 sm:items-end">
          <input type="hidden" name="intent" value="add-weekly" />
          <label className="block text-sm font-medium">
            {t("weekly.weekday")}
            <select name="weekday" required defaultValue={typed("add-weekly")?.weekday ?? ""} className="input mt-1 w-full">
              <option value="" disabled>
                —
              </option>
              {data.weekly.map(({ weekday }) => (
                <option key={weekday} value={weekday}>
                  {data.weekdayNames[weekday]}
                </option>
              ))}
            </select>
          </label>
          <TimeSelect name="startTime" label={t("start")} options={data.timeOptions} defaultValue={typed("add-weekly")?.startTime} />
          <TimeSelect name="endTime" label={t("end")} options={data.timeOptions} defaultValue={typed("add-weekly")?.endTime} />
          <SubmitButton className="btn-primary">{t("weekly.add")}</SubmitButton>
        </Form>
      </section>
    </section>
  );
}

/**
 * The chosen day's day off (ADR 031): the notice when it is one (with the consultations that stay booked), and the form that
 * marks or undoes it. A plain post: it works without JavaScript. Past days show the notice only.
 */
function DayOff({ data }: { data: Extract<Data, { error: null }> }) {
  const { t } = useTranslation("agenda");
  const { selected } = data;
  return (
    <div className="mt-3 space-y-2">
      {selected.off ? (
        <div className="rounded-md border border-dashed border-amber-700 p-3 text-sm dark:border-amber-400">
          <p className="font-medium">{t("dayOff.notice")}</p>
          {selected.booked > 0 ? <p className="mt-1">{t("dayOff.booked", { count: selected.booked })}</p> : null}
        </div>
      ) : null}
      {selected.past ? null : (
        <Form method="post">
          <input type="hidden" name="intent" value={selected.off ? "remove-day-off" : "add-day-off"} />
          <input type="hidden" name="date" value={selected.date} />
          <SubmitButton className="btn-secondary px-3 py-1 text-sm">{t(selected.off ? "dayOff.undo" : "dayOff.mark")}</SubmitButton>
        </Form>
      )}
    </div>
  );
}

/** 'Fuso horário do consultório': the zone the weekly and dated blocks' times are in (ADR 004). */
function PracticeZone({ data, error }: { data: Extract<Data, { error: null }>; error?: string }) {
  const { t } = useTranslation("agenda");
  return (
    <Form method="post" className="card space-y-2" aria-labelledby="zone-title">
      <input type="hidden" name="intent" value="set-time-zone" />
      <h3 id="zone-title" className="font-semibold">
        <label htmlFor="practice-time-zone">{t("practiceZone.label")}</label>
      </h3>
      <p id="practice-time-zone-hint" className="muted text-sm">
        {t("practiceZone.hint")}
      </p>
      {error ? <FormErrors errors={[error]} autoFocus /> : null}
      <div className="flex flex-wrap items-end gap-3">
        <select id="practice-time-zone" name="timeZone" required defaultValue={data.timeZone} className="input w-full sm:w-auto" aria-describedby="practice-time-zone-hint" aria-invalid={error ? true : undefined}>
          <optgroup label={t("practiceZone.brazil")}>
            {data.zones.brazil.map((choice) => (
              <option key={choice.zone} value={choice.zone}>
                {choice.label}
              </option>
            ))}
          </optgroup>
          <optgroup label={t("practiceZone.others")}>
            {data.zones.others.map((zone) => (
              <option key={zone} value={zone}>
                {currentZoneId(zone)}
              </option>
            ))}
          </optgroup>
        </select>
        <SubmitButton className="btn-primary">{t("practiceZone.save")}</SubmitButton>
      </div>
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
