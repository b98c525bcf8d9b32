import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { StatusBadge } from "~/components/appointment-card";
import { CancelLink } from "~/components/cancel-appointment";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LoadError } from "~/components/load-error";
import { Pagination } from "~/components/pagination";
import { FormErrors } from "~/components/forms";
import { LIST_PERIODS, STATUS_FILTERS } from "~/domain/practice-appointments";
import type { TFunction } from "~/i18n/translate";
import { useTranslation } from "~/i18n/use-translation";
import { requirePsychologist } from "~/services/session.server";
import { consultationsAction, consultationsTabData } from "./consultations.server";

/** /psychologist-dashboard/appointments — 'Consultas': calendar, list, the next three and the notifications box. */
export async function loader({ request }: LoaderFunctionArgs) {
  return consultationsTabData(request, await requirePsychologist(request));
}

export async function action({ request }: ActionFunctionArgs) {
  return consultationsAction(request, await requirePsychologist(request));
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type List = NonNullable<Data["list"]>;

/** The current query string with some parameters changed (null removes); the page restarts at 1 unless given. */
function useQuery() {
  const location = useLocation();
  return (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search);
    params.delete("page");
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) params.delete(name);
      else params.set(name, value);
    }
    const query = params.toString();
    return query ? `?${query}` : "?";
  };
}

export default function ConsultationsTab() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as { error?: string } | undefined;
  const { t } = useTranslation("consultations");
  const query = useQuery();
  const views = [
    { id: "calendar", label: t("views.calendar") },
    { id: "list", label: t("views.list") },
  ] as const;

  return (
    <section aria-labelledby="tab-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="tab-title" className="text-xl font-semibold">
          {t("heading")}
        </h2>
        <p className="muted text-xs">{t("zone", { zone: data.zone })}</p>
      </div>
      {result?.error ? <FormErrors errors={[result.error]} autoFocus /> : null}

      <nav aria-label={t("views.label")} className="flex gap-1">
        {views.map((view) => (
          <Link
            key={view.id}
            to={query({ view: view.id })}
            aria-current={data.filters.view === view.id ? "page" : undefined}
            className={data.filters.view === view.id ? "btn-primary px-3 py-1 text-sm" : "btn-secondary px-3 py-1 text-sm"}
          >
            {view.label}
          </Link>
        ))}
      </nav>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          {data.calendarError ? <LoadError message={data.calendarError} retry={t("retry")} /> : data.calendar ? <MonthCalendar calendar={data.calendar} data={data} t={t} /> : null}
          {data.list ? <ConsultationList data={data} list={data.list} t={t} /> : <LoadError message={data.listError ?? ""} retry={t("retry")} />}
        </div>
        <aside className="space-y-6" aria-label={t("side.label")}>
          {data.next ? <NextThree next={data.next} t={t} /> : null}
          <div className="card">
            <h3 className="font-semibold">{t("side.quickActions")}</h3>
            <ul className="mt-2 space-y-2 text-sm">
              <li>
                <Link to="/psychologist-dashboard/agenda" className="btn-secondary w-full">
                  {t("side.configureAvailability")}
                </Link>
              </li>
              <li>
                <Link to="/settings#notifications" className="btn-secondary w-full">
                  {t("side.manageNotifications")}
                </Link>
              </li>
            </ul>
          </div>
          {data.notifications ? <NotificationsBox notifications={data.notifications} t={t} /> : null}
        </aside>
      </div>
    </section>
  );
}

function MonthCalendar({ calendar, data, t }: { calendar: NonNullable<Data["calendar"]>; data: Data; t: TFunction }) {
  const query = useQuery();
  return (
    <div className="card">
      <div className="flex items-center justify-between gap-2">
        <Link to={query({ month: calendar.previousMonth, day: null })} className="btn-ghost" aria-label={t("calendar.previous")}>
          ‹
        </Link>
        <h3 className="font-semibold">{calendar.label}</h3>
        <Link to={query({ month: calendar.nextMonth, day: null })} className="btn-ghost" aria-label={t("calendar.next")}>
          ›
        </Link>
      </div>
      <table className="mt-3 w-full table-fixed text-center text-sm">
        <caption className="sr-only">{calendar.label}</caption>
        <thead>
          <tr>
            {calendar.weekdays.map((weekday) => (
              <th key={weekday.long} scope="col" abbr={weekday.long} className="py-1 text-xs font-medium text-slate-500 dark:text-slate-400">
                {weekday.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {calendar.weeks.map((week) => (
            <tr key={week[0]!.date}>
              {week.map((day) => {
                const chosen = day.date === data.filters.day;
                const tip = day.total > 0 ? t("calendar.dayTooltip", { count: day.total, confirmed: day.confirmed, pending: day.pending }) : t("calendar.dayEmpty");
                return (
                  <td key={day.date} className="p-0.5">
                    <Link
                      to={query({ day: day.date, month: calendar.month })}
                      title={tip}
                      aria-label={`${Number(day.date.slice(8))}: ${tip}`}
                      aria-current={chosen ? "date" : undefined}
                      className={`relative block rounded-md py-2 ${day.inMonth ? "" : "text-slate-400 dark:text-slate-600"} ${day.total > 0 ? "bg-teal-50 dark:bg-teal-950" : ""} ${chosen ? "ring-2 ring-teal-700" : ""} ${day.date === data.today ? "font-bold" : ""}`}
                    >
                      {Number(day.date.slice(8))}
                      <span aria-hidden="true" className="absolute bottom-1 left-1/2 flex -translate-x-1/2 gap-0.5">
                        {day.confirmed > 0 ? <span className="h-1.5 w-1.5 rounded-full bg-teal-700" /> : null}
                        {day.pending > 0 ? <span className="h-1.5 w-1.5 rounded-full bg-amber-500" /> : null}
                      </span>
                    </Link>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 flex gap-4 text-xs">
        <span className="flex items-center gap-1">
          <span aria-hidden="true" className="h-2 w-2 rounded-full bg-teal-700" /> {t("calendar.legendConfirmed")}
        </span>
        <span className="flex items-center gap-1">
          <span aria-hidden="true" className="h-2 w-2 rounded-full bg-amber-500" /> {t("calendar.legendPending")}
        </span>
      </p>
    </div>
  );
}

function ConsultationList({ data, list, t }: { data: Data; list: List; t: TFunction }) {
  const query = useQuery();
  const { filters } = data;
  const empty = data.filtered ? t("empty.filtered") : filters.day ? t("empty.day") : t("empty.none");
  return (
    <section className="card" aria-labelledby="list-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="list-title" className="font-semibold">
          {data.dayLabel ? t("list.onDay", { date: data.dayLabel }) : t("list.upcoming")}
        </h3>
        {filters.day ? (
          <Link to={query({ day: null })} className="text-sm underline">
            {t("list.allDates")}
          </Link>
        ) : null}
      </div>

      {/* A GET form: the filters are the URL, so they work without JavaScript and can be bookmarked. */}
      {/* The selects' labels are shown (small, above them): both start at 'Todos', and on a phone nothing else tells status from period. */}
      <Form method="get" className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end" role="search">
        <input type="hidden" name="view" value={filters.view} />
        <input type="hidden" name="month" value={filters.month} />
        {filters.day ? <input type="hidden" name="day" value={filters.day} /> : null}
        <label className="sr-only" htmlFor="consultation-search">
          {t("filters.search")}
        </label>
        <input id="consultation-search" type="search" name="q" defaultValue={filters.q} placeholder={t("filters.search")} maxLength={100} className="input col-span-2 sm:col-span-1" />
        <div className={`grid gap-0.5 ${filters.day ? "col-span-2 sm:col-span-1" : ""}`}>
          <label className="text-xs font-medium text-slate-600 dark:text-slate-300" htmlFor="consultation-status">
            {t("filters.status")}
          </label>
          <select id="consultation-status" name="status" defaultValue={filters.status} className="input">
            {Object.keys(STATUS_FILTERS).map((status) => (
              <option key={status} value={status}>
                {t(`filters.statuses.${status}`)}
              </option>
            ))}
          </select>
        </div>
        {filters.day ? null : (
          <div className="grid gap-0.5">
            <label className="text-xs font-medium text-slate-600 dark:text-slate-300" htmlFor="consultation-period">
              {t("filters.period")}
            </label>
            <select id="consultation-period" name="period" defaultValue={filters.period} className="input">
              {LIST_PERIODS.map((period) => (
                <option key={period} value={period}>
                  {t(`filters.periods.${period}`)}
                </option>
              ))}
            </select>
          </div>
        )}
        <button type="submit" className="btn-secondary col-span-2 sm:col-span-1">
          {t("filters.apply")}
        </button>
      </Form>

      <p className="muted mt-3 text-sm" role="status">
        {t("list.count", { count: list.total })}
      </p>
      {list.rows.length === 0 ? (
        <p className="mt-3 text-sm">{empty}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {list.rows.map((row) => (
            <li key={row.id}>
              <ConsultationCard row={row} t={t} />
            </li>
          ))}
        </ul>
      )}

      <Pagination page={list.page} pages={list.pages} href={(page) => query({ page: String(page) })} labels={{ nav: t("list.pagination"), previous: t("list.previous"), next: t("list.next"), pageOf: t("list.pageOf", { page: list.page, pages: list.pages }) }} />
    </section>
  );
}

function ConsultationCard({ row, t }: { row: List["rows"][number]; t: TFunction }) {
  return (
    <article className="consultation">
      <header>
        <div className="min-w-0">
          <h4>
            <Link to={`/psychologist-dashboard/appointments/${row.id}`}>{row.patient}</Link>
          </h4>
          <p className="muted truncate text-sm">{row.email}</p>
        </div>
        <StatusBadge status={row.status}>{t(`appointments:status.${row.status}`)}</StatusBadge>
      </header>
      <p>{`${row.date ?? t("appointments:card.invalidDate")} · ${t("card.timeAndDuration", { time: row.time ?? "—", minutes: row.durationMinutes })}`}</p>
      <footer>
        <a href={`/psychologist-dashboard/records?appointment=${row.id}`} className="btn-secondary btn-small">
          {t("card.records")}
        </a>
        {row.canJoin ? (
          <a href={`/appointment/videocall/${row.id}`} target="_blank" rel="noopener" className="btn-primary btn-small">
            {t("card.join")}
          </a>
        ) : null}
        {row.canCancel ? (
          <CancelLink appointmentId={row.id} className="btn-ghost btn-small text-red-700 dark:text-red-300">
            {t("detail.cancel")}
          </CancelLink>
        ) : null}
        {row.canMarkNoShow ? (
          <Form method="post" action={`/appointment/${row.id}/no-show`}>
            <button type="submit" className="btn-ghost btn-small text-red-700 dark:text-red-300">
              {t("card.noShow")}
            </button>
          </Form>
        ) : null}
      </footer>
    </article>
  );
}

function NextThree({ next, t }: { next: NonNullable<Data["next"]>; t: TFunction }) {
  return (
    <section className="card" aria-labelledby="next-title">
      <h3 id="next-title" className="font-semibold">
        {t("side.next")}
      </h3>
      {next.length === 0 ? (
        <p className="muted mt-2 text-sm">{t("side.nextEmpty")}</p>
      ) : (
        <ul className="mt-2 space-y-2 text-sm">
          {next.map((item) => (
            <li key={item.id}>
              <Link to={`/psychologist-dashboard/appointments/${item.id}`} className="block rounded-md p-2 hover:bg-slate-50 dark:hover:bg-slate-900">
                <span className="font-medium">{item.label.day === "date" ? `${item.label.date} - ${item.label.time}` : t(`side.${item.label.day}`, { time: item.label.time })}</span>
                <span className="muted block">{item.patient}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type Notifications = NonNullable<Data["notifications"]>;

function notificationHref(item: Notifications["items"][number]): string {
  if (item.anonymous) return "/psychologist-dashboard/evaluations";
  return item.appointmentId ? `/psychologist-dashboard/appointments/${item.appointmentId}` : "/psychologist-dashboard/records";
}

function NotificationsBox({ notifications, t }: { notifications: Notifications; t: TFunction }) {
  return (
    <section className="card" aria-labelledby="notifications-title">
      <div className="flex items-center justify-between gap-2">
        <h3 id="notifications-title" className="font-semibold">
          {t("notifications.heading")}{" "}
          {notifications.unread > 0 ? <span className="inline-block whitespace-nowrap rounded-full bg-teal-700 px-2 py-0.5 text-xs text-white">{t("notifications.unread", { count: notifications.unread })}</span> : null}
        </h3>
        {notifications.unread > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="read-all" />
            <button type="submit" className="text-xs underline">
              {t("notifications.readAll")}
            </button>
          </Form>
        ) : null}
      </div>
      {notifications.items.length === 0 ? (
        <p className="muted mt-2 text-sm">{t("notifications.empty")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-800">
          {notifications.items.map((item) => (
            <li key={item.id} className={`py-2 ${item.read ? "muted" : ""}`}>
              <Link to={notificationHref(item)} className={`block hover:underline ${item.read ? "" : "font-semibold"}`}>
                {item.read ? null : <span className="sr-only">{t("notifications.unreadMark")} </span>}
                {item.anonymous ? t("notifications.kinds.evaluation_anonymous") : t(`notifications.kinds.${item.kind}`, { patient: item.patient, date: item.consultation.date ?? "", time: item.consultation.time ?? "" })}
              </Link>
              <div className="mt-1 flex items-center justify-between gap-2 text-xs">
                <span>{item.at}</span>
                <Form method="post">
                  <input type="hidden" name="intent" value="read-notification" />
                  <input type="hidden" name="id" value={item.id} />
                  <input type="hidden" name="read" value={item.read ? "0" : "1"} />
                  <button type="submit" className="underline">
                    {item.read ? t("notifications.markUnread") : t("notifications.markRead")}
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
