import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { RECORDS_PAGE_SIZE } from "~/domain/clinical-notes";
import { statusLabelKey } from "~/domain/appointment-status";
import { patientName } from "~/domain/practice-appointments";
import { pageTranslations } from "~/i18n/i18n.server";
import { listNotes } from "~/models/clinical-notes.server";
import { pendingRecordRequests, releaseRecordRequest } from "~/models/record-requests.server";
import type { PsychologistSessionUser } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { formatLongDate, formatTime } from "~/utils/format";
import { log } from "~/utils/logger.server";

/**
 * The records tab's server half (issue 14, item 2): the consultations that
 * have or can take a note, searchable by patient (GET), 50 a page, each with
 * a 150-character preview; the patients' pending requests for a copy of
 * their record, and the form that releases one. Four statements at most.
 */

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseRecordFilters(params: URLSearchParams) {
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  const patient = params.get("patient");
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    patient: patient && UUID.test(patient) ? patient : null,
    page: Number.isFinite(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

export async function recordsTabData(request: Request, user: PsychologistSessionUser) {
  const { t, translations, locale } = await pageTranslations(request, ["records", "appointments"]);
  const url = new URL(request.url);
  // The consultations list's 'Prontuário' button: straight to that consultation's note.
  const appointment = url.searchParams.get("appointment");
  if (appointment && UUID.test(appointment)) throw redirect(`/psychologist-dashboard/records/${appointment}`);

  const psychologistId = user.psychologistId;
  const filters = parseRecordFilters(url.searchParams);
  try {
    const timeZone = user.psychologistTimeZone;
    const [list, requests] = await Promise.all([
      listNotes({ psychologistId, q: filters.q, patientId: filters.patient, page: filters.page, actor: { userId: user.id, role: user.role } }),
      pendingRecordRequests({ psychologistId }),
    ]);
    const date = (instant: Date) => formatLongDate(instant, locale, timeZone);
    return {
      translations,
      error: null,
      filters,
      list: {
        total: list.total,
        page: filters.page,
        pages: Math.max(1, Math.ceil(list.total / RECORDS_PAGE_SIZE)),
        rows: list.rows.map((row) => ({
          appointmentId: row.appointmentId,
          patientId: row.patientId,
          patient: patientName(row),
          date: date(row.startsAt),
          time: formatTime(row.startsAt, locale, timeZone),
          status: statusLabelKey(row.status),
          hasNote: row.noteId !== null,
          version: row.version,
          preview: row.preview,
          unreadable: row.unreadable,
        })),
      },
      patientFilter: filters.patient ? (list.rows[0] ? patientName(list.rows[0]) : "") : null,
      requests: requests.map((item) => ({ id: item.id, patient: patientName(item), requestedAt: date(item.requestedAt) ?? "", notes: item.notes ?? 0 })),
    };
  } catch (error) {
    // The tab still renders, with the spec's message and a way to try again.
    log().error({ err: error }, "records tab failed to load");
    return { translations, error: t("errors.loadList"), filters, list: null, patientFilter: null, requests: [] };
  }
}

const releaseForm = z.object({ intent: z.literal("release"), requestId: z.string().regex(UUID) });

/** 'Liberar cópia': the patient may then download their record. */
export async function recordsAction(request: Request, user: PsychologistSessionUser) {
  const { t } = await pageTranslations(request, ["records"]);
  const submission = parseWithZod(await request.formData(), { schema: releaseForm });
  if (submission.status !== "success") return data({ error: t("errors.badRequest") }, { status: 400 });
  const released = await releaseRecordRequest({ psychologistId: user.psychologistId, requestId: submission.value.requestId, actor: { userId: user.id, role: user.role } });
  if (!released) throw new Response(t("errors.requestNotFound"), { status: 404 });
  return redirectWithToast("/psychologist-dashboard/records", { type: "success", title: t("requests.releasedToast") });
}
