import { cancellationRefusal } from "~/domain/cancellation";
import { isPaymentUnderWay } from "~/domain/payment-under-way";
import { hasReceipt } from "~/domain/receipt";
import { isHistory, isUpcoming, statusLabelKey, type AppointmentStatus, type StatusLabelKey } from "~/domain/appointment-status";
import { videoCardState, videoWindow, type VideoCardState } from "~/domain/video-access";
import type { Locale } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { listPatientAppointments, type PatientAppointmentRow } from "~/models/patient-appointments.server";
import { getAccountSettings } from "~/models/profile.server";
import { formatMoney } from "~/utils/format";
import { initialsOf as initialsOfName } from "~/utils/initials";
import { shortTimeAndDate, whenLabel, zoneName } from "~/utils/zoned-time";
import type { SessionUser } from "./session.server";

/**
 * 'Meu Painel' (/patient-dashboard): the patient's appointments split into
 * 'Próximas' and 'Histórico' by the state machine, with counts from the data,
 * history filters from the query string, and a profile summary. Everything
 * the cards show is formatted here, in the patient's language and zone.
 */

export const DASHBOARD_TABS = ["upcoming", "history", "profile"] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

export const HISTORY_PERIODS = ["30", "90", "365", "all"] as const;
export type HistoryPeriod = (typeof HISTORY_PERIODS)[number];

/** Statuses a history entry can have, offered as the status filter. */
export const HISTORY_STATUSES = ["completed", "cancelled", "no_show", "confirmed"] as const satisfies readonly AppointmentStatus[];
export type HistoryStatusFilter = (typeof HISTORY_STATUSES)[number] | "all";

export interface DashboardQuery {
  tab: DashboardTab;
  period: HistoryPeriod;
  status: HistoryStatusFilter;
}

export function parseDashboardQuery(url: URL): DashboardQuery {
  const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
    value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
  return {
    tab: pick(url.searchParams.get("tab"), DASHBOARD_TABS, "upcoming"),
    period: pick(url.searchParams.get("period"), HISTORY_PERIODS, "all"),
    status: pick(url.searchParams.get("status"), [...HISTORY_STATUSES, "all"] as const, "all"),
  };
}

export interface AppointmentCard {
  id: string;
  psychologistName: string;
  photoUrl: string | null;
  initials: string;
  specialties: string[];
  /** null: 'Data inválida'. */
  date: string | null;
  time: string | null;
  /** The zone's name when the patient's differs from the psychologist's. */
  zone: string | null;
  durationMinutes: number;
  price: string;
  status: AppointmentStatus;
  statusLabel: StatusLabelKey;
  /** 'Pagar' while the hold lasts and no payment is under way. */
  canPay: boolean;
  /** A payment the gateway still processes (a PIX or boleto not yet paid): the card says so instead of offering 'Pagar' again. */
  paymentUnderWay: boolean;
  video: VideoCardState;
  /** When the room opens, in the patient's zone ('early' only). */
  opensAt: { time: string; date: string } | null;
  /** The appointment's start and end (ISO) while its window can still change phase: the card follows it in the browser. */
  videoTimes: { startsAt: string; endsAt: string } | null;
  canEvaluate: boolean;
  evaluation: { rating: number; comment: string } | null;
  /** 'Cancelar consulta': the patient may cancel now (the page says what goes back). */
  canCancel: boolean;
  /** 'Reagendar': the reschedule page (which says whether it is allowed, or answers a proposal). */
  canReschedule: boolean;
  /** What a cancellation gives back and where it stands. */
  refund: { amount: string; status: "pending" | "refunded" | "failed" } | null;
  /** 'Reembolsado': the payment went back whole; or the part an administrator refunded. */
  refunded: { full: true } | { full: false; amount: string } | null;
  /** 'Recibo': a paid consultation whose amount was kept, wholly or in part (app/domain/receipt.ts). */
  receipt: boolean;
  /** 'Agendar novamente': a booking that ended unpaid (payment refused, or the hold ran out) leads back to the psychologist's times. */
  rebookHref: string | null;
}

/** Cancellations that mean the booking never happened: the patient may simply choose a time again. */
const UNPAID_ENDINGS = new Set(["payment_failed", "hold_expired"]);

const DAY_MS = 86_400_000;
const RESCHEDULE_PAGE_STATUSES: AppointmentStatus[] = ["scheduled", "confirmed", "pending_reschedule"];

/** A psychologist's initials on a consultation card (the app's one rule, ~/utils/initials). */
export function initialsOf(name: string): string {
  return initialsOfName(name, "?");
}

function toCard(row: PatientAppointmentRow, context: { locale: Locale; timeZone: string; now: Date; specialty: (code: string) => string }): AppointmentCard {
  const { locale, timeZone, now } = context;
  const when = whenLabel(row.startsAt, locale, timeZone, row.psychologistZone);
  const video = videoCardState({ status: row.status, startsAt: row.startsAt, endsAt: row.endsAt, videoRoomUrl: row.videoRoomUrl }, now);
  const holdActive = row.status === "pending_payment" && row.holdExpiresAt !== null && row.holdExpiresAt.getTime() > now.getTime();
  // As the payment return page decides (payment-return.server.ts): a second checkout could charge the patient twice.
  const paymentUnderWay = holdActive && isPaymentUnderWay(row.latestPaymentStatus);
  return {
    id: row.id,
    psychologistName: row.psychologistName,
    photoUrl: row.psychologistPhotoUrl,
    initials: initialsOf(row.psychologistName),
    specialties: row.psychologistSpecialties.slice(0, 3).map(context.specialty),
    date: when.date,
    time: when.time,
    zone: when.zone,
    durationMinutes: row.durationMinutes,
    price: formatMoney(row.priceCents, locale),
    status: row.status,
    statusLabel: statusLabelKey(row.status),
    canPay: holdActive && !paymentUnderWay,
    paymentUnderWay,
    video,
    opensAt: video === "early" ? shortTimeAndDate(videoWindow(row.startsAt, row.endsAt).opensAt, locale, timeZone) : null,
    videoTimes:
      video === "early" || video === "available" || video === "in_progress"
        ? { startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString() }
        : null,
    canEvaluate: row.status === "completed" && row.evaluationRating === null,
    evaluation: row.evaluationRating === null ? null : { rating: row.evaluationRating, comment: row.evaluationComment ?? "" },
    canCancel: cancellationRefusal(row, "patient", now) === null,
    canReschedule: RESCHEDULE_PAGE_STATUSES.includes(row.status) && row.startsAt.getTime() > now.getTime(),
    refund: row.refundCents && row.refundStatus ? { amount: formatMoney(row.refundCents, locale), status: row.refundStatus } : null,
    refunded: row.paymentStatus === "refunded" ? { full: true } : row.manualRefundCents > 0 ? { full: false, amount: formatMoney(row.manualRefundCents, locale) } : null,
    receipt: hasReceipt({ status: row.status, paymentStatus: row.paymentStatus, priceCents: row.priceCents, refundCents: row.refundCents }),
    rebookHref:
      row.status === "cancelled" && row.paymentStatus !== "paid" && UNPAID_ENDINGS.has(row.cancellationReason ?? "")
        ? `/schedule/step2?${new URLSearchParams({ psychologistId: row.psychologistId })}`
        : null,
  };
}

export async function patientDashboard(input: { user: SessionUser; query: DashboardQuery; locale: Locale; timeZone: string; now: Date }) {
  const { user, query, locale, timeZone, now } = input;
  const t = getFixedT(locale, ["appointments", "catalog"]);
  const [rows, settings] = await Promise.all([listPatientAppointments(user.id), getAccountSettings(user.id)]);
  const specialty = (code: string) => {
    const label = t(`catalog:specialties.${code}`);
    return label.endsWith(code) ? code : label;
  };
  const context = { locale, timeZone, now, specialty };

  const upcomingRows = rows.filter((row) => isUpcoming({ status: row.status, endsAt: row.endsAt }, now)).reverse();
  const historyRows = rows.filter((row) => isHistory({ status: row.status, endsAt: row.endsAt }, now));
  const since = query.period === "all" ? null : now.getTime() - Number(query.period) * DAY_MS;
  const filteredHistory = historyRows.filter(
    (row) => (since === null || row.startsAt.getTime() >= since) && (query.status === "all" || row.status === query.status),
  );

  return {
    query,
    filtered: query.period !== "all" || query.status !== "all",
    counts: {
      total: rows.length,
      upcoming: upcomingRows.length,
      history: historyRows.length,
      completed: rows.filter((row) => row.status === "completed").length,
    },
    zoneName: zoneName(now, locale, timeZone),
    /** The server's clock when the page was made: the cards measure the browser's against it. */
    now: now.toISOString(),
    upcoming: query.tab === "upcoming" ? upcomingRows.map((row) => toCard(row, context)) : [],
    history: query.tab === "history" ? filteredHistory.map((row) => toCard(row, context)) : [],
    profile: settings
      ? {
          name: [settings.firstName, settings.lastName].filter(Boolean).join(" "),
          email: settings.email,
          phone: settings.phone,
          avatarUrl: settings.avatarUrl,
          timeZone: settings.timeZone ? zoneName(now, locale, settings.timeZone) : null,
          emailNotifications: settings.emailNotifications,
          appointmentReminders: settings.appointmentReminders,
        }
      : null,
  };
}

export type PatientDashboardData = Awaited<ReturnType<typeof patientDashboard>>;
