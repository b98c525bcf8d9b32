import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { AppointmentCard } from "~/components/appointment-card";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { TimeZoneCookie } from "~/components/time-zone-cookie";
import { MyRecord } from "~/components/my-record";
import { pageTranslations, translationsFor } from "~/i18n/i18n.server";
import type { TFunction } from "~/i18n/translate";
import { useTranslation } from "~/i18n/use-translation";
import { pageMeta } from "~/services/page-meta.server";
import { parseDashboardQuery, patientDashboard } from "~/services/patient-dashboard.server";
import { myRecordSection } from "~/services/record-copies.server";
import { requirePatient } from "~/services/session.server";
import { viewerTimeZone } from "~/services/viewer-time-zone.server";
import { loaderMeta } from "~/utils/meta";

/**
 * /patient-dashboard — 'Meu Painel': a welcome with 'Agendar Primeira
 * Consulta' until the patient has an appointment; then the tabs 'Próximas',
 * 'Histórico' and 'Meu Perfil' as URLs (?tab=), with counts from the data and
 * the history's filters as GET parameters.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePatient(request);
  const { locale, t, translations } = await pageTranslations(request, ["appointments", "receipts"]);
  const dashboard = await patientDashboard({
    user,
    query: parseDashboardQuery(new URL(request.url)),
    locale,
    timeZone: viewerTimeZone(request, user).timeZone,
    now: new Date(),
  });
  // 'Meu prontuário' (issue 14): the copies of the record, with its own strings.
  const myRecord = await myRecordSection({ patientId: user.id, locale, timeZone: viewerTimeZone(request, user).timeZone });
  Object.assign(translations, translationsFor(locale, ["records"]));
  return { translations, meta: await pageMeta(request, { title: t("meta.title"), noindex: true }), firstName: user.firstName, ...dashboard, myRecord };
}

export const meta = loaderMeta;

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

export default function PatientDashboard() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("appointments");
  const navigation = useNavigation();
  const openingCall = navigation.state === "loading" && navigation.location.pathname.startsWith("/appointment/videocall/");

  return (
    <section className="container-page py-8" aria-labelledby="dashboard-title">
      <TimeZoneCookie />
      <h1 id="dashboard-title" className="text-3xl font-bold">
        {t("heading")}
      </h1>
      {data.firstName ? <p className="muted mt-1">{t("welcome", { name: data.firstName })}</p> : null}
      <p role="status" className={openingCall ? "mt-3 text-sm font-medium text-teal-800 dark:text-teal-300" : "sr-only"}>
        {openingCall ? t("checkingVideo") : ""}
      </p>

      {data.counts.total === 0 ? (
        <>
          <div className="card mx-auto mt-8 max-w-xl text-center">
            <h2 className="text-xl font-semibold">{t("welcomeTitle")}</h2>
            <p className="muted mt-2">{t("welcomeBody")}</p>
            <Link to="/psychologists" className="btn-primary mt-6">
              {t("firstAppointment")}
            </Link>
          </div>
          <ProfileSummary data={data} t={t} />
        </>
      ) : (
        <>
          <Tabs data={data} t={t} />
          {data.query.tab === "upcoming" ? <Upcoming data={data} t={t} /> : null}
          {data.query.tab === "history" ? <History data={data} t={t} /> : null}
          {data.query.tab === "profile" ? <ProfileSummary data={data} t={t} /> : null}
          <MyRecord items={data.myRecord} />
        </>
      )}
    </section>
  );
}

function Tabs({ data, t }: { data: Data; t: TFunction }) {
  const tabs = [
    { id: "upcoming", label: `${t("tabs.upcoming")} (${data.counts.upcoming})` },
    { id: "history", label: `${t("tabs.history")} (${data.counts.history})` },
    { id: "profile", label: t("tabs.profile") },
  ] as const;
  return (
    <nav aria-label={t("tabs.label")} className="mt-6 border-b border-slate-200 dark:border-slate-800">
      {/* Wraps on a narrow phone (320–360 px) rather than scrolling 'Meu Perfil' out of sight. */}
      <ul className="-mb-px flex flex-wrap gap-x-1">
        {tabs.map((tab) => {
          const current = data.query.tab === tab.id;
          return (
            <li key={tab.id}>
              <Link
                to={`?tab=${tab.id}`}
                aria-current={current ? "page" : undefined}
                preventScrollReset
                className={`block whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium sm:px-4 ${
                  current ? "border-teal-700 text-teal-800 dark:text-teal-300" : "border-transparent text-slate-600 hover:text-teal-800 dark:text-slate-400"
                }`}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function Empty({ title, body, action }: { title: string; body?: string; action?: { to: string; label: string } }) {
  return (
    <div className="card mt-6 text-center">
      <p className="text-lg font-semibold">{title}</p>
      {body ? <p className="muted mt-1">{body}</p> : null}
      {action ? (
        <Link to={action.to} className="btn-primary mt-4">
          {action.label}
        </Link>
      ) : null}
    </div>
  );
}

function Upcoming({ data, t }: { data: Data; t: TFunction }) {
  return (
    <section aria-labelledby="upcoming-title" className="mt-6">
      <h2 id="upcoming-title" className="sr-only">
        {t("tabs.upcoming")}
      </h2>
      <p className="muted text-sm">{t("timesIn", { zone: data.zoneName })}</p>
      {data.upcoming.length === 0 ? (
        <Empty title={t("empty.upcomingTitle")} body={t("empty.upcomingBody")} action={{ to: "/psychologists", label: t("bookAnother") }} />
      ) : (
        <ul className="mt-3 space-y-4">
          {data.upcoming.map((card) => (
            <li key={card.id}>
              <AppointmentCard card={card} variant="upcoming" t={t} serverNow={data.now} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function History({ data, t }: { data: Data; t: TFunction }) {
  return (
    <section aria-labelledby="history-title" className="mt-6">
      <h2 id="history-title" className="sr-only">
        {t("tabs.history")}
      </h2>
      <Form method="get" className="card flex flex-wrap items-end gap-3" aria-label={t("filters.title")}>
        <input type="hidden" name="tab" value="history" />
        <div>
          <label htmlFor="filter-period" className="label">
            {t("filters.period")}
          </label>
          <select id="filter-period" name="period" defaultValue={data.query.period} className="input">
            {(["30", "90", "365", "all"] as const).map((period) => (
              <option key={period} value={period}>
                {t(`filters.periods.${period}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-status" className="label">
            {t("filters.status")}
          </label>
          <select id="filter-status" name="status" defaultValue={data.query.status} className="input">
            <option value="all">{t("filters.allStatuses")}</option>
            <option value="completed">{t("status.completed")}</option>
            <option value="cancelled">{t("status.cancelled")}</option>
            <option value="no_show">{t("status.noShow")}</option>
            <option value="confirmed">{t("status.confirmed")}</option>
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          {t("filters.apply")}
        </button>
      </Form>
      {data.history.length === 0 ? (
        data.filtered && data.counts.history > 0 ? (
          <Empty title={t("empty.historyTitle")} body={t("empty.filteredBody")} />
        ) : (
          <Empty title={t("empty.historyTitle")} body={t("empty.historyBody")} />
        )
      ) : (
        <ul className="mt-4 space-y-4">
          {data.history.map((card) => (
            <li key={card.id}>
              <AppointmentCard card={card} variant="history" t={t} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ProfileSummary({ data, t }: { data: Data; t: TFunction }) {
  const profile = data.profile;
  if (!profile) return null;
  const onOff = (value: boolean) => (value ? t("profile.on") : t("profile.off"));
  return (
    <section aria-labelledby="profile-title" className="card mt-6">
      <h2 id="profile-title" className="text-lg font-semibold">
        {t("profile.title")}
      </h2>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="muted text-xs">{t("profile.name")}</dt>
          <dd className="font-medium">{profile.name || t("profile.notSet")}</dd>
        </div>
        <div>
          <dt className="muted text-xs">{t("profile.email")}</dt>
          <dd className="font-medium break-all">{profile.email}</dd>
        </div>
        <div>
          <dt className="muted text-xs">{t("profile.phone")}</dt>
          <dd className="font-medium">{profile.phone || t("profile.notSet")}</dd>
        </div>
        <div>
          <dt className="muted text-xs">{t("profile.timeZone")}</dt>
          <dd className="font-medium">{profile.timeZone ?? t("profile.browserZone", { zone: data.zoneName })}</dd>
        </div>
        <div>
          <dt className="muted text-xs">{t("profile.emailNotifications")}</dt>
          <dd className="font-medium">{onOff(profile.emailNotifications)}</dd>
        </div>
        <div>
          <dt className="muted text-xs">{t("profile.reminders")}</dt>
          <dd className="font-medium">{onOff(profile.appointmentReminders)}</dd>
        </div>
        <div>
          <dt className="muted text-xs">{t("profile.completed")}</dt>
          <dd className="font-medium">{data.counts.completed}</dd>
        </div>
        <div>
          <dt className="muted text-xs">{t("profile.upcoming")}</dt>
          <dd className="font-medium">{data.counts.upcoming}</dd>
        </div>
      </dl>
      <Link to="/patient-profile" className="btn-secondary mt-4">
        {t("profile.edit")}
      </Link>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
