import { Link, useRevalidator } from "@remix-run/react";
import { useEffect, useState, type MouseEvent } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { countdownLabel } from "~/utils/countdown";

/**
 * 'Acesso Negado' with the reason and 'Voltar' / 'Ir para Dashboard'. While
 * the room is not open yet (or its link is being made), the page looks again:
 * with JavaScript every 60 s (sooner when the window opens) with a countdown;
 * without, a meta refresh inside <noscript>.
 */

export interface AccessScreenProps {
  message: string;
  reason: string;
  dashboardUrl: string;
  secondsUntilOpen: number | null;
  recheckInMs: number | null;
}

export function AccessScreen({ message, reason, dashboardUrl, secondsUntilOpen, recheckInMs }: AccessScreenProps) {
  const { t, locale } = useTranslation("video");
  const revalidator = useRevalidator();
  const [hydrated, setHydrated] = useState(false);
  const [remaining, setRemaining] = useState(secondsUntilOpen);

  useEffect(() => setHydrated(true), []);
  useEffect(() => setRemaining(secondsUntilOpen), [secondsUntilOpen]);

  // The countdown ticks every second; the server is asked again on its schedule.
  useEffect(() => {
    if (secondsUntilOpen === null) return;
    const started = Date.now();
    const timer = setInterval(() => setRemaining(Math.max(0, secondsUntilOpen - Math.floor((Date.now() - started) / 1000))), 1000);
    return () => clearInterval(timer);
  }, [secondsUntilOpen]);

  const { revalidate } = revalidator;
  useEffect(() => {
    if (recheckInMs === null) return;
    const timer = setTimeout(revalidate, Math.max(1000, recheckInMs));
    return () => clearTimeout(timer);
  }, [recheckInMs, revalidate]);

  function back(event: MouseEvent<HTMLAnchorElement>) {
    if (window.history.length > 1) {
      event.preventDefault();
      window.history.back();
    }
  }

  const refreshSeconds = recheckInMs === null ? null : Math.max(5, Math.min(60, Math.ceil(recheckInMs / 1000)));

  return (
    <section className="page-message" aria-labelledby="access-title">
      {refreshSeconds !== null ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(refreshSeconds)} />
        </noscript>
      ) : null}
      <h1 id="access-title" className="text-3xl font-bold">
        {t("denied.title")}
      </h1>
      <p className="mt-3 text-lg" data-reason={reason}>
        {message}
      </p>
      {reason === "no_room" ? <p className="muted mt-2">{t("autoLink")}</p> : null}
      {hydrated && remaining !== null ? (
        <p className="mt-4 text-2xl tabular-nums" aria-live="off">
          {t("denied.countdown", { time: countdownLabel(remaining, locale) })}
        </p>
      ) : null}
      {refreshSeconds !== null ? (
        <noscript>
          <p className="muted mt-2 text-sm">{t("denied.autoRefresh")}</p>
        </noscript>
      ) : null}
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <a href={dashboardUrl} onClick={back} className="btn-secondary">
          {t("denied.back")}
        </a>
        <Link to={dashboardUrl} className="btn-primary">
          {t("goToDashboard")}
        </Link>
      </div>
    </section>
  );
}
