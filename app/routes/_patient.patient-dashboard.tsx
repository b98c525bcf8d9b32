import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageTranslations } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { countPatientAppointments } from "~/models/dashboard.server";
import { requirePatient } from "~/services/session.server";
import { routeMeta } from "~/utils/meta";

/** /patient-dashboard — 'Meu Painel'. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePatient(request);
  const { t, translations } = await pageTranslations(request, ["dashboard"]);
  return {
    translations,
    title: t("meta.patientTitle"),
    firstName: user.firstName,
    appointments: await countPatientAppointments(user.id),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => routeMeta(matches, { title: data?.title, noindex: true });

export default function PatientDashboard() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("dashboard");
  return (
    <section className="container-page py-10" aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="text-3xl font-bold">
        {t("patient.heading")}
      </h1>
      {data.firstName ? <p className="mt-1 text-slate-600 dark:text-slate-400">{t("patient.welcome", { name: data.firstName })}</p> : null}
      {data.appointments === 0 ? (
        <div className="card mx-auto mt-8 max-w-xl text-center">
          <h2 className="text-xl font-semibold">{t("patient.welcomeTitle")}</h2>
          <p className="mt-2 text-slate-600 dark:text-slate-400">{t("patient.welcomeBody")}</p>
          <Link to="/psychologists" className="btn-primary mt-6">
            {t("patient.firstAppointment")}
          </Link>
        </div>
      ) : (
        <p className="mt-6">{t("patient.count", { count: data.appointments })}</p>
      )}
      <p className="mt-8">
        <Link to="/patient-profile" className="btn-secondary">
          {t("patient.profileLink")}
        </Link>
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
