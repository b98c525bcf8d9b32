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

/** /appointment/{id}/reschedule for the appointment's patient or psychologist: propose a new time, or answer the other side's. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function schema(t: TFunction) {
  return z.discriminatedUnion("intent", [
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
  const when = (instant: Date) => ({ date: formatLongDate(instant, locale, zone) ?? "", time: formatTime(instant, locale, zone) ?? "" });
  const today = dateInZone(now, zone);
  const asked = new URL(request.url).searchParams.get("date");
  // As booking's calendar: no later than the horizon, the last day the proposal itself may take.
  const lastDay = lastBookableDate(today);
  const date = isDate(asked) && asked >= today && asked <= lastDay ? asked : addDays(today, 1);
  const proposing = !pending && check.allowed;
  let slots: Awaited<ReturnType<typeof freeSlotsForViewerDay>> = [];
  let slotsFailed = false;
  if (proposing) {
    try {
      slots = await freeSlotsForViewerDay({ id: appointment.psychologistId, timeZone: appointment.psychologistTimeZone }, { date, viewerTimeZone: zone, durationMinutes: appointment.durationMinutes, now });
    } catch (error) {
      // The spec's 'Não foi possível carregar os horários disponíveis.' with a retry; the rest of the page stands.
      log().error({ err: error, appointmentId }, "reschedule slots failed to load");
      slotsFailed = true;
    }
  }
  return {
    translations,
    meta: await pageMeta(request, { title: t(`title.${asker.role}`), noindex: true }),
    role: asker.role,
    back: backTo(asker, appointment.id),
    with: asker.role === "patient" ? appointment.psychologistName : patientName({ firstName: appointment.patientFirstName, lastName: appointment.patientLastName }),
    current: when(appointment.startsAt),
    durationMinutes: appointment.durationMinutes,
    // The sentence as booking step 3 and the confirmation e-mail chose it (app/domain/policy-text.ts); the numbers for the denials.
    policy: { max: policy.maxReschedulesPerAppointment, minHours: policy.minHoursBeforeAppointment, text: policySentence({ reschedule: policy }, scopedT(t, "policy")) },
    denial: check.allowed || pending ? null : { reason: check.reason, hoursLeft: preview.hoursLeft },
    pending: pending ? { mine: pending.requestedBy === asker.role, by: pending.requestedBy, reason: pending.reason, proposed: when(pending.proposedStartsAt) } : null,
    date,
    today,
    lastDay,
    dateLabel: formatLongDate(`${date}T12:00:00Z`, locale, "UTC") ?? date,
    slots: slots.map((slot) => ({ value: slot.startsAt.toISOString(), label: formatTime(slot.startsAt, locale, zone) ?? "" })),
    slotsFailed,
  };
}

const PROBLEM_STATUS: Record<string, number> = { not_found: 404, slot_taken: 409, no_request: 409, own_request: 403, status: 409, limit_reached: 409, too_late: 409, proposed_in_past: 400, same_time: 400 };

export async function rescheduleAction(request: Request, user: SessionUser, appointmentId: string) {
  const asker = askerOf(user);
  const { t } = await pageTranslations(request, ["reschedule"]);
  const submission = parseWithZod(await request.formData(), { schema: schema(t) });
  if (submission.status !== "success") return data({ result: submission.reply(), error: null }, { status: 400 });
  if (!UUID.test(appointmentId)) throw new Response(t("errors.notFound"), { status: 404 });
  const value = submission.value;
  // The spec's 'Ocorreu um erro ao solicitar o reagendamento…' on the same page, the reason typed kept, rather than the error page.
  const failed = () => ({ result: submission.reply(), error: t(value.intent === "request" ? "errors.requestFailed" : "errors.answerFailed") });
  return answerUnexpected(`reschedule-${value.intent}`, async () => {
    const result =
      value.intent === "request"
        ? await requestReschedule({ appointmentId, asker, proposedStartsAt: new Date(value.startsAt), reason: value.reason })
        : await answerReschedule({ appointmentId, asker, accept: value.intent === "accept", reason: value.intent === "reject" ? value.reason : null });
    if (result.ok) return redirectWithToast(backTo(asker, appointmentId), { type: "success", title: t(`done.${value.intent}`) });
    if (result.problem === "not_found") throw new Response(t("errors.notFound"), { status: 404 });
    return data({ result: submission.reply(), error: t(`errors.${result.problem}`) }, { status: PROBLEM_STATUS[result.problem] ?? 409 });
  }, failed);
}
