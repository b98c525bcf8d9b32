import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageTranslations } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { getOwnPsychologist } from "~/models/dashboard.server";
import { pageMeta } from "~/services/page-meta.server";
import { requirePsychologist } from "~/services/session.server";
import { loaderMeta } from "~/utils/meta";

/** /psychologist-dashboard — 'Dashboard do Psicólogo'. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePsychologist(request);
  const { t, translations } = await pageTranslations(request, ["dashboard"]);
  const psychologist = await getOwnPsychologist(user.id);
  if (!psychologist) throw new Response("Not Found", { status: 404 });
  return { translations, meta: await pageMeta(request, { title: t("meta.psychologistTitle"), noindex: true }), name: psychologist.name, status: psychologist.status };
}

export const meta = loaderMeta;

export default function PsychologistDashboard() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("dashboard");
  return (
    <section className="container-page py-10" aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="text-3xl font-bold">
        {t("psychologist.heading")}
      </h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">{t("psychologist.welcome", { name: data.name })}</p>
      <p role="status" className="card mt-6">
        {t(`psychologist.status.${data.status}`)}
      </p>
      <p className="mt-6">
        <Link to="/psychologist-profile" className="btn-primary">
          {t("psychologist.editProfile")}
        </Link>
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
