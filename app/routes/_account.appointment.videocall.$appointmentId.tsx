import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { TimeZoneCookie } from "~/components/time-zone-cookie";
import { AccessScreen } from "~/components/video-call/access-screen";
import { CallRoom } from "~/components/video-call/call-room";
import { pageTranslations } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { appointmentTimeZone } from "~/services/appointment-asker.server";
import { pageMeta } from "~/services/page-meta.server";
import { requireUser } from "~/services/session.server";
import { videoCallView } from "~/services/video-call.server";
import { loaderMeta } from "~/utils/meta";

/**
 * /appointment/videocall/{appointmentId}: the spec's access checks in order,
 * then the call room with a meeting token minted for this person. Visitors
 * sign in first and come back here.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { locale, t, translations } = await pageTranslations(request, ["video"]);
  const view = await videoCallView({ user, appointmentId: params.appointmentId, now: new Date(), locale, timeZone: appointmentTimeZone(request, user) });
  // The token is personal and short-lived: never cached, never shared.
  const meta = await pageMeta(request, { title: t("meta.title"), noindex: true });
  return data({ translations, meta, view }, { headers: { "Cache-Control": "private, no-store" } });
}

export const meta = loaderMeta;

export default function VideoCallPage() {
  const { view } = useLoaderData<typeof loader>();
  const { t } = useTranslation("video");
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const checking = revalidator.state === "loading" || (navigation.state === "loading" && navigation.location.pathname.startsWith("/appointment/videocall/"));

  return (
    <>
      <TimeZoneCookie />
      <p role="status" className={checking ? "container-page pt-4 text-sm font-medium text-teal-800 dark:text-teal-300" : "sr-only"}>
        {checking ? t("checking") : ""}
      </p>
      {view.kind === "allowed" ? (
        <CallRoom {...view} />
      ) : view.kind === "failed" ? (
        <section className="page-message" aria-labelledby="failed-title">
          <h1 id="failed-title" className="text-3xl font-bold" role="alert">
            {view.message}
          </h1>
          <a href="" className="btn-primary mt-8">
            {t("retry")}
          </a>
        </section>
      ) : (
        <AccessScreen message={view.message} reason={view.reason} dashboardUrl={view.dashboardUrl} secondsUntilOpen={view.secondsUntilOpen} recheckInMs={view.recheckInMs} />
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
