import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { TFunction } from "~/i18n/translate";
import { z } from "zod";
import { statusLabelKey } from "~/domain/appointment-status";
import { NOTE_MAX_LENGTH, normalizeNote } from "~/domain/clinical-notes";
import { patientName } from "~/domain/practice-appointments";
import { pageTranslations } from "~/i18n/i18n.server";
import { NoteDecryptionError, noteForAppointment, saveNote } from "~/models/clinical-notes.server";
import type { PsychologistSessionUser } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { formatLongDate, formatNumber, formatTime } from "~/utils/format";
import { log } from "~/utils/logger.server";

/**
 * One consultation's note (the spec's 'Notes dialog', as a page of its own so
 * it works without JavaScript): the consultation, the saved text opened and
 * audited as a read, the versions; the form saves the next version.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function noteSchema(t: TFunction, locale: string) {
  // conform sends an emptied textarea as undefined; CRLF counts as one character, as the textarea's own counter does.
  return z.object({
    notes: z
      .string()
      .optional()
      .transform((value) => normalizeNote(value ?? ""))
      .pipe(z.string().max(NOTE_MAX_LENGTH, t("errors.tooLong", { max: formatNumber(NOTE_MAX_LENGTH, locale) }))),
  });
}

export async function noteEditorData(request: Request, user: PsychologistSessionUser, appointmentId: string) {
  const { t, translations, locale } = await pageTranslations(request, ["records", "appointments"]);
  if (!UUID.test(appointmentId)) throw new Response(t("errors.notFound"), { status: 404 });
  const psychologistId = user.psychologistId;
  let found: Awaited<ReturnType<typeof noteForAppointment>>;
  const timeZone = user.psychologistTimeZone;
  try {
    found = await noteForAppointment({ psychologistId, appointmentId, actor: { userId: user.id, role: user.role } });
  } catch (error) {
    log().error({ err: error, appointmentId }, "clinical note failed to load");
    return { translations, maxLength: NOTE_MAX_LENGTH, error: t("errors.load"), consultation: null, note: null, versions: [] };
  }
  // Another psychologist's consultation is as absent as one that does not exist.
  if (!found) throw new Response(t("errors.notFound"), { status: 404 });
  const at = (instant: Date) => `${formatLongDate(instant, locale, timeZone)} ${formatTime(instant, locale, timeZone)}`;
  const unreadable = found.note?.error ? t(found.note.error === "unknown_key" ? "errors.unknownKey" : "errors.tampered") : null;
  return {
    translations,
    maxLength: NOTE_MAX_LENGTH,
    error: unreadable ? `${t("errors.load")}: ${unreadable}` : null,
    consultation: {
      id: found.id,
      patientId: found.patientId,
      patient: patientName(found),
      date: formatLongDate(found.startsAt, locale, timeZone),
      time: formatTime(found.startsAt, locale, timeZone),
      durationMinutes: found.durationMinutes,
      status: statusLabelKey(found.status),
      canWrite: found.canWrite && !unreadable,
    },
    note: found.note ? { text: found.note.text, version: found.note.version, readable: found.note.text !== null, savedAt: at(found.note.updatedAt), retainUntil: formatLongDate(found.note.retainUntil, locale, timeZone) ?? "" } : null,
    versions: found.versions.map((version) => ({ version: version.version, at: at(version.createdAt), author: patientName({ firstName: version.firstName, lastName: version.lastName }) })),
  };
}

/** 'Salvar': the next version, or nothing when the text did not change. */
export async function noteEditorAction(request: Request, user: PsychologistSessionUser, appointmentId: string) {
  const { t, locale } = await pageTranslations(request, ["records"]);
  if (!UUID.test(appointmentId)) throw new Response(t("errors.notFound"), { status: 404 });
  const form = await request.formData();
  const typed = typeof form.get("notes") === "string" ? String(form.get("notes")) : "";
  const submission = parseWithZod(form, { schema: noteSchema(t, locale) });
  if (submission.status !== "success") {
    const messages = Object.values(submission.reply().error ?? {}).flatMap((errors) => errors ?? []);
    return data({ error: messages[0] ?? t("errors.save"), text: typed }, { status: 400 });
  }
  const here = `/psychologist-dashboard/records/${appointmentId}`;
  let result: Awaited<ReturnType<typeof saveNote>>;
  try {
    result = await saveNote({ psychologistId: user.psychologistId, appointmentId, text: submission.value.notes, actor: { userId: user.id, role: user.role } });
  } catch (error) {
    if (error instanceof NoteDecryptionError) return data({ error: `${t("errors.save")}: ${t("errors.tampered")}`, text: typed }, { status: 409 });
    log().error({ err: error, appointmentId }, "clinical note failed to save");
    // What was typed comes back in the form: nothing is lost.
    return data({ error: t("errors.save"), text: typed }, { status: 500 });
  }
  if (result.status === "not_found") throw new Response(t("errors.notFound"), { status: 404 });
  if (result.status === "not_allowed") return data({ error: t("errors.notAllowed"), text: typed }, { status: 409 });
  if (result.status === "unchanged") return redirectWithToast(here, { type: "info", title: t("editor.unchanged") });
  return redirectWithToast(here, { type: "success", title: t("editor.savedToast") });
}
