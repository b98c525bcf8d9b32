import type { LoaderFunctionArgs } from "@remix-run/node";
import { patientName } from "~/domain/practice-appointments";
import { getFixedT, getLocale } from "~/i18n/i18n.server";
import { NoteDecryptionError, noteForExport } from "~/models/clinical-notes.server";
import { psychologistLine } from "~/services/record-copies.server";
import { buildRecordPdf, pdfResponse, recordFileName } from "~/services/record-pdf.server";
import { requirePsychologist } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { formatLongDate, formatTime } from "~/utils/format";
import { zoneName } from "~/utils/zoned-time";
import { log } from "~/utils/logger.server";
import { dateInZone } from "~/domain/slots";

/** /psychologist-dashboard/records/{appointmentId}/pdf — 'Exportar PDF': the consultation's saved note, audited as an export. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePsychologist(request);
  const locale = await getLocale(request);
  const t = getFixedT(locale, "records");
  const appointmentId = params.appointmentId ?? "";
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(appointmentId)) throw new Response(t("errors.notFound"), { status: 404 });
  try {
    const found = await noteForExport({ psychologistId: user.psychologistId, appointmentId, actor: { userId: user.id, role: user.role } });
    // No saved note on a consultation of this psychologist: nothing to export.
    if (!found) return new Response(t("errors.noteNotFound"), { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    const zone = found.author.timeZone;
    const patient = patientName(found.patient);
    const bytes = await buildRecordPdf({
      title: t("pdf.title"),
      // The same document as the patient's copy: the zone of its times named (the file may be read anywhere).
      header: [psychologistLine(t, found.author), t("pdf.patient", { name: patient }), t("pdf.issued", { date: formatLongDate(new Date(), locale, zone) }), t("pdf.zone", { zone: zoneName(found.startsAt, locale, zone) })],
      sections: [{ heading: t("pdf.consultation", { date: formatLongDate(found.startsAt, locale, zone), time: formatTime(found.startsAt, locale, zone) }), text: found.text }],
      confidentiality: t("pdf.confidential"),
      pageLabel: (page, pages) => t("pdf.page", { page, pages }),
      author: found.author.name,
    });
    return pdfResponse(bytes, recordFileName(locale, patient, dateInZone(found.startsAt, zone)));
  } catch (error) {
    if (!(error instanceof NoteDecryptionError)) log().error({ err: error, appointmentId }, "clinical note export failed");
    // Back to the note with the spec's message (and why, when the note itself is damaged).
    const reason = error instanceof NoteDecryptionError ? t(error.reason === "unknown_key" ? "errors.unknownKey" : "errors.tampered") : undefined;
    return redirectWithToast(`/psychologist-dashboard/records/${appointmentId}`, { type: "error", title: t("errors.export"), description: reason });
  }
}
