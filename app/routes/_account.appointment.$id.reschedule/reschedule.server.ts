import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { TFunction } from "~/i18n/translate";
import { z } from "zod";
import { isDate } from "~/domain/agenda";
import { patientName } from "~/domain/practice-appointments";
import { lastBookableDate } from "~/domain/booking-horizon";
import { policySentence, scopedT } from "~/domain/policy-text";
import { addDays, dateInZone } from "~/domain/slots";
import { pageTranslations } from "~/i18n/i18n.server";
import { appointmentTimeZone, askerOf, backTo } from "~/services/appointment-asker.server";
import { freeSlotsForViewerDay } from "~/services/availability.server";
import { pageMeta } from "~/services/page-meta.server";
import { answerReschedule, requestReschedule, reschedulePreview } from "~/services/reschedule.server";
import type { SessionUser } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { answerUnexpected } from "~/services/unexpected-error.server";
import { formatLongDate, formatTime } from "~/utils/format";
import { instantSchema } from "~/utils/instant";
import { log } from "~/utils/logger.server";
import { differingZoneName, whenLabel } from "~/utils/zoned-time";

/** /appointment/{id}/reschedule for the appointment's patient or psychologist: propose a new time, or answer the other side's. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function schema(t: TFunction) {
  return z.discriminatedUnion("intent", [
    // 'Ver horários': the proposing form sent to show a day's slots, its reason carried along (never in the URL); nothing is written.
    z.object({
      intent: z.literal("slots"),
      date: z.string({ required_error: t("errors.invalidDate") }).refine((date) => isDate(date), t("errors.invalidDate")),
    }),
    z.object({
      intent: z.literal("request"),
      startsAt: instantSchema(t("errors.slotRequired")),
      reason: z.string({ required_error: t("errors.reasonRequired") }).trim().min(1, t("errors.reasonRequired")).max(500, t("errors.tooLong")),
    }),
    z.object({ intent: z.literal("accept") }),
    z.object({
      intent: z.literal("reject"),
      reason: z.string({ required_error: t("errors.rejectReasonRequired") }).trim().min(1, t("errors.rejectReasonRequired")).max(500, t("errors.tooLong")),
    }),
  ], { errorMap: (issue, ctx) => ({ message: issue.code === "invalid_union_discriminator" ? t("errors.unknownAction") : ctx.defaultError }) });
}

export async function reschedulePageData(request: Request, user: SessionUser, appointmentId: string, now = new Date()) {
  const asker = askerOf(user);
  const { t, translations, locale } = await pageTranslations(request, ["reschedule"]);
  const preview = UUID.test(appointmentId) ? await reschedulePreview(appointmentId, asker, now) : null;
  if (!preview) throw new Response(t("errors.notFound"), { status: 404 });
  const zone = appointmentTimeZone(request, user);
  const { appointment, check, policy, request: pending } = preview;
  // In the viewer's zone, named when its clock differs from the psychologist's (ADR 004), as on the cancel page.
  const when = (instant: Date) => {
    const label = whenLabel(instant, locale, zone, appointment.psychologistTimeZone);
    return { date: label.date ?? "", time: label.time ?? "", zone: label.zone };
  };
  const today = dateInZone(now, zone);
  const asked = new URL(request.url).searchParams.get("date");
  // As booking's calendar: no later than the horizon, the last day the proposal itself may take.
  const lastDay = lastBookableDate(today);
  const date = isDate(asked) && asked >= today && asked <= lastDay ? asked : addDays(today, 1);
  const proposing = !pending && check.allowed;
  return {
    translations,
    // A request pending is what the page is about (answered, or awaited): its heading names it, not the proposing form's.
    meta: await pageMeta(request, { title: pending ? t(`pendingTitle.${pending.requestedBy}`) : t(`title.${asker.role}`), noindex: true }),
    role: asker.role,
    back: backTo(asker, appointment.id),
    with: asker.role === "patient" ? appointment.psychologistName : patientName({ firstName: appointment.patientFirstName, lastName: appointment.patientLastName }),
    current: when(appointment.startsAt),
    durationMinutes: appointment.durationMinutes,
    // The sentence as booking step 3 and the confirmation e-mail chose it (app/domain/policy-text.ts); the numbers for the denials.
    policy: { max: policy.maxReschedulesPerAppointment, minHours: policy.minHoursBeforeAppointment, text: policySentence({ reschedule: policy }, scopedT(t, "policy")) },
    denial: check.allowed || pending ? null : { reason: check.reason, hoursLeft: preview.hoursLeft },
    pending: pending ? { mine: pending.requestedBy === asker.role, by: pending.requestedBy, reason: pending.reason, proposed: when(pending.proposedStartsAt) } : null,
    today,
    lastDay,
    ...(proposing ? await dayOfSlots(appointment, { date, zone, locale, now }) : { date, dateLabel: longDate(date, locale), slots: [], slotsFailed: false, zone: null }),
  };
}

type PreviewedAppointment = NonNullable<Awaited<ReturnType<typeof reschedulePreview>>>["appointment"];

/** The day the proposing form shows: its date, said in words, and the psychologist's free slots that day in the viewer's zone. */
export interface ShownDay {
  date: string;
  dateLabel: string;
  slots: Array<{ value: string; label: string }>;
  slotsFailed: boolean;
  /** The viewer's zone the slots are shown in, named when its clock differs from the psychologist's that day; otherwise null. */
  zone: string | null;
}

const longDate = (date: string, locale: string) => formatLongDate(`${date}T12:00:00Z`, locale, "UTC") ?? date;

async function dayOfSlots(appointment: PreviewedAppointment, { date, zone, locale, now }: { date: string; zone: string; locale: string; now: Date }): Promise<ShownDay> {
  // The slots are said in the viewer's zone: the heading names it when the practice's clock differs that day.
  const shownZone = differingZoneName(new Date(`${date}T12:00:00Z`), locale, zone, appointment.psychologistTimeZone);
  try {
    const slots = await freeSlotsForViewerDay({ id: appointment.psychologistId, timeZone: appointment.psychologistTimeZone }, { date, viewerTimeZone: zone, durationMinutes: appointment.durationMinutes, now });
    return { date, dateLabel: longDate(date, locale), slots: slots.map((slot) => ({ value: slot.startsAt.toISOString(), label: formatTime(slot.startsAt, locale, zone) ?? "" })), slotsFailed: false, zone: shownZone };
  } catch (error) {
    // The spec's 'Não foi possível carregar os horários disponíveis.' with a retry; the rest of the page stands.
    log().error({ err: error, appointmentId: appointment.id }, "reschedule slots failed to load");
    return { date, dateLabel: longDate(date, locale), slots: [], slotsFailed: true, zone: shownZone };
  }
}

/**
 * The day a proposing form was sent with (its date field, 'Ver horários' or the proposal itself), with
 * its slots: the page comes back on that day, the reason typed still there, whatever date the URL has.
 * A date that is not one to offer is an error for 'Ver horários' (null here otherwise: the page shows its own day).
 */
async function sentDay(request: Request, user: SessionUser, appointmentId: string, sent: unknown, { t, locale, now }: { t: TFunction; locale: string; now: Date }): Promise<{ day: ShownDay } | { problem: string; status: number } | null> {
  if (typeof sent !== "string" || !isDate(sent)) return null;
  const preview = await reschedulePreview(appointmentId, askerOf(user), now);
  if (!preview) throw new Response(t("errors.notFound"), { status: 404 });
  // A request pending, or a consultation no longer movable: the page says why on its next load.
  if (preview.request) return { problem: t("errors.status"), status: 409 };
  if (!preview.check.allowed) return { problem: t(`errors.${preview.check.reason}`), status: 409 };
  const zone = appointmentTimeZone(request, user);
  const today = dateInZone(now, zone);
  const lastDay = lastBookableDate(today);
  if (sent < today) return { problem: t("errors.proposed_in_past"), status: 400 };
  if (sent > lastDay) return { problem: t("errors.afterHorizon", { date: longDate(lastDay, locale) }), status: 400 };
  return { day: await dayOfSlots(preview.appointment, { date: sent, zone, locale, now }) };
}

const PROBLEM_STATUS: Record<string, number> = { not_found: 404, slot_taken: 409, no_request: 409, own_request: 403, status: 409, limit_reached: 409, too_late: 409, proposed_in_past: 400, same_time: 400 };

export async function rescheduleAction(request: Request, user: SessionUser, appointmentId: string, now = new Date()) {
  const asker = askerOf(user);
  const { t, locale } = await pageTranslations(request, ["reschedule"]);
  const submission = parseWithZod(await request.formData(), { schema: schema(t) });
  // A refused proposal comes back on the day it was sent with (its slots), as 'Ver horários' does.
  const shownAgain = async () => {
    if (submission.payload.intent !== "request" || !UUID.test(appointmentId)) return null;
    try {
      const shown = await sentDay(request, user, appointmentId, submission.payload.date, { t, locale, now });
      return shown && "day" in shown ? shown.day : null;
    } catch (error) {
      if (error instanceof Response) throw error;
      // The refusal matters more than the day: the page then shows the day its URL names.
      log().error({ err: error, appointmentId }, "reschedule day failed to load");
      return null;
    }
  };
  if (submission.status !== "success") return data({ result: submission.reply(), error: null, day: await shownAgain() }, { status: 400 });
  if (!UUID.test(appointmentId)) throw new Response(t("errors.notFound"), { status: 404 });
  const value = submission.value;
  if (value.intent === "slots") {
    // Nothing is written: the day's slots and the form as sent (the reason typed), for the page to show.
    const shown = await sentDay(request, user, appointmentId, value.date, { t, locale, now });
    if (shown && "problem" in shown) {
      const field = shown.status === 400 ? { fieldErrors: { date: [shown.problem] } } : { formErrors: [shown.problem] };
      return data({ result: submission.reply(field), error: null, day: null }, { status: shown.status });
    }
    return data({ result: submission.reply(), error: null, day: shown?.day ?? null });
  }
  // The spec's 'Ocorreu um erro ao solicitar o reagendamento…' on the same page, the reason typed kept, rather than the error page.
  const failed = () => ({ result: submission.reply(), error: t(value.intent === "request" ? "errors.requestFailed" : "errors.answerFailed"), day: null });
  return answerUnexpected(`reschedule-${value.intent}`, async () => {
    const result =
      value.intent === "request"
        ? await requestReschedule({ appointmentId, asker, proposedStartsAt: new Date(value.startsAt), reason: value.reason })
        : await answerReschedule({ appointmentId, asker, accept: value.intent === "accept", reason: value.intent === "reject" ? value.reason : null });
    if (result.ok) return redirectWithToast(backTo(asker, appointmentId), { type: "success", title: t(`done.${value.intent}`) });
    if (result.problem === "not_found") throw new Response(t("errors.notFound"), { status: 404 });
    return data({ result: submission.reply(), error: t(`errors.${result.problem}`), day: await shownAgain() }, { status: PROBLEM_STATUS[result.problem] ?? 409 });
  }, failed);
}
