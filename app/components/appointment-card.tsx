import { Form, Link } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { CancelLink } from "~/components/cancel-appointment";
import { liveVideoCardState, type VideoCardState } from "~/domain/video-access";
import type { TFunction } from "~/i18n/translate";
import type { AppointmentCard as Card } from "~/services/patient-dashboard.server";
import { photoSources } from "~/domain/image";

/**
 * One appointment on the patient's dashboard: psychologist, when (in the
 * patient's zone, labelled when it differs from the psychologist's), length,
 * price, status, and what can be done now (pay, join the call, evaluate).
 * A confirmed consultation always links to its video page (which counts
 * down and opens itself); with JavaScript the card turns into 'Entrar na
 * videochamada' when the room opens, without a reload.
 */

/** An appointment's status as a coloured badge, by its label key (`statusLabelKey`); colours in tailwind.css. */
export function StatusBadge({ status, children }: { status: string; children: ReactNode }) {
  return (
    <span className="status-badge" data-status={status}>
      {children}
    </span>
  );
}

export function Stars({ rating, label }: { rating: number; label: string }) {
  return (
    <span role="img" aria-label={label} className="text-amber-500">
      {"★★★★★".slice(0, rating)}
      <span className="text-slate-300 dark:text-slate-600">{"★★★★★".slice(rating)}</span>
    </span>
  );
}

export function AppointmentCard({ card, variant, t, serverNow }: { card: Card; variant: "upcoming" | "history"; t: TFunction; serverNow?: string }) {
  const titleId = `appointment-${card.id}`;
  return (
    <article className="card min-w-0" aria-labelledby={titleId}>
      {/* On a narrow phone a long status drops below the name rather than squeezing it to nothing. */}
      <div className="flex flex-wrap items-start gap-3">
        {card.photoUrl ? (
          <img {...photoSources(card.photoUrl, 48)} alt="" width={48} height={48} loading="lazy" className="h-12 w-12 shrink-0 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-teal-100 text-sm font-bold text-teal-900">
            {card.initials}
          </span>
        )}
        <div className="min-w-0 flex-1 basis-32">
          <h3 id={titleId} className="font-semibold">
            {card.psychologistName}
          </h3>
          {card.specialties.length > 0 ? <p className="muted truncate text-sm">{card.specialties.join(" · ")}</p> : null}
        </div>
        <StatusBadge status={card.statusLabel}>{t(`status.${card.statusLabel}`)}</StatusBadge>
      </div>

      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="muted text-xs">{t("card.date")}</dt>
          <dd className="font-medium">{card.date ?? t("card.invalidDate")}</dd>
        </div>
        <div>
          <dt className="muted text-xs">{t("card.time")}</dt>
          <dd className="font-medium">
            {card.time ?? "—"}
            {card.zone ? <span className="muted block text-xs font-normal">{card.zone}</span> : null}
          </dd>
        </div>
        <div>
          <dt className="muted text-xs">{t("card.duration")}</dt>
          <dd className="font-medium">{t("card.minutes", { count: card.durationMinutes })}</dd>
        </div>
        <div>
          <dt className="muted text-xs">{t("card.price")}</dt>
          <dd className="font-medium">
            {card.price}
            {card.refunded ? <span className="block text-xs font-normal text-teal-800 dark:text-teal-300">{card.refunded.full ? t("card.payment.refunded") : t("card.payment.partiallyRefunded", { amount: card.refunded.amount })}</span> : null}
          </dd>
        </div>
      </dl>

      {variant === "upcoming" ? <UpcomingActions card={card} t={t} serverNow={serverNow} /> : <HistoryDetails card={card} t={t} />}
      {card.receipt ? <ReceiptLink card={card} t={t} /> : null}
    </article>
  );
}

/**
 * The card's join state, following the video window in the browser: the
 * server's state first (and without JavaScript), then re-read on the
 * server's clock (its `now` against the browser's) every minute or at the
 * next phase change.
 */
function useLiveVideoState(card: Card, serverNow: string | undefined): VideoCardState {
  const [state, setState] = useState(card.video);
  const { video } = card;
  const startsAt = card.videoTimes?.startsAt;
  const endsAt = card.videoTimes?.endsAt;
  useEffect(() => {
    setState(video);
    if (!startsAt || !endsAt || !serverNow) return;
    const offsetMs = Date.parse(serverNow) - Date.now();
    const times = { state: video, startsAt: new Date(startsAt), endsAt: new Date(endsAt) };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const live = liveVideoCardState(times, Date.now(), offsetMs);
      setState(live.state);
      if (live.recheckInMs !== null) timer = setTimeout(check, live.recheckInMs);
    };
    check();
    return () => clearTimeout(timer);
  }, [video, startsAt, endsAt, serverNow]);
  return state;
}

function UpcomingActions({ card, t, serverNow }: { card: Card; t: TFunction; serverNow?: string }) {
  const video = useLiveVideoState(card, serverNow);
  const videoPage = `/appointment/videocall/${card.id}`;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3">
      {card.canPay ? (
        <Form method="post" action={`/appointment/${card.id}/pay`}>
          <button type="submit" className="btn-primary">
            {t("card.pay")}
          </button>
        </Form>
      ) : card.paymentUnderWay ? (
        <p className="w-full text-sm text-slate-600 dark:text-slate-400">{t("card.paymentUnderWay")}</p>
      ) : null}
      {video === "available" || video === "in_progress" ? (
        <Link to={videoPage} className="btn-primary">
          {t("card.join")}
        </Link>
      ) : video === "early" ? (
        <>
          <Link to={videoPage} className="btn-secondary">
            {t("card.waitForRoom")}
          </Link>
          {card.opensAt ? <p className="muted text-sm">{t("card.opensAt", { time: card.opensAt.time, date: card.opensAt.date })}</p> : null}
        </>
      ) : video === "no_link" ? (
        <p className="muted text-sm">{t("card.autoLink")}</p>
      ) : video === "not_confirmed" ? (
        <p className="muted text-sm">{t("card.notConfirmedVideo")}</p>
      ) : null}
      {card.canReschedule ? (
        <Link to={`/appointment/${card.id}/reschedule`} className="btn-ghost text-sm">
          {t(card.status === "pending_reschedule" ? "card.rescheduleRequest" : "card.reschedule")}
        </Link>
      ) : null}
      {card.canCancel ? (
        <CancelLink appointmentId={card.id} className="btn-ghost text-sm text-red-700 dark:text-red-300">
          {t("card.cancel")}
        </CancelLink>
      ) : null}
    </div>
  );
}

function HistoryDetails({ card, t }: { card: Card; t: TFunction }) {
  if (card.rebookHref) {
    return (
      <p className="mt-4">
        <Link to={card.rebookHref} className="btn-secondary">
          {t("card.rebook")}
        </Link>
      </p>
    );
  }
  if (card.refund) return <p className="muted mt-4 text-sm">{t(`card.refund.${card.refund.status}`, { amount: card.refund.amount })}</p>;
  if (card.evaluation) {
    return (
      <div className="mt-4 border-t border-slate-200 pt-3 text-sm dark:border-slate-800">
        <p className="font-medium">
          {t("card.yourEvaluation")} <Stars rating={card.evaluation.rating} label={t("card.ratingLabel", { rating: card.evaluation.rating })} />
        </p>
        {card.evaluation.comment ? (
          <p className="muted mt-1 whitespace-pre-line" dir="auto">
            {card.evaluation.comment}
          </p>
        ) : null}
      </div>
    );
  }
  if (!card.canEvaluate) return null;
  return (
    <p className="mt-4">
      <Link to={`/appointment/${card.id}/evaluate`} className="btn-secondary">
        {t("card.evaluate")}
      </Link>
    </p>
  );
}

/** 'Recibo': the PDF of a paid consultation, a plain download (no JavaScript needed). */
function ReceiptLink({ card, t }: { card: Card; t: TFunction }) {
  return (
    <p className="mt-3 text-sm">
      <a href={`/appointment/${card.id}/receipt`} download className="btn-ghost" aria-label={t("receipts:card.downloadLabel", { date: card.date ?? "" })}>
        <span aria-hidden="true">⤓ </span>
        {t("receipts:card.download")}
      </a>
    </p>
  );
}
