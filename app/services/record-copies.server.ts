import type { Locale } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { audit } from "~/models/audit.server";
import { notesOfPatient, recordAuthor, type NoteActor } from "~/models/clinical-notes.server";
import { db } from "~/models/db.server";
import { hasConsulted, notifyRecordRequest, openRecordRequest, recordCopiesOfPatient, releasedCopy } from "~/models/record-requests.server";
import { getRecipient } from "~/models/user.server";
import { dateInZone } from "~/domain/slots";
import { patientName } from "~/domain/practice-appointments";
import { formatLongDate, formatTime } from "~/utils/format";
import { zoneName } from "~/utils/zoned-time";
import { absoluteUrl, recipientLocale, render } from "./emails.server";
import { queueMail } from "./mail.server";
import { buildRecordPdf, recordFileName } from "./record-pdf.server";

/**
 * The patient's copy of their record (issue 14, item 3): asking for it
 * (notifies the psychologist in the box and by e-mail, in one transaction),
 * and the PDF once the psychologist released it.
 */

export type RequestOutcome = "created" | "already_pending" | "not_consulted";

export async function requestRecordCopy({ patientId, psychologistId, actor }: { patientId: string; psychologistId: string; actor: NoteActor }): Promise<RequestOutcome> {
  return db.transaction().execute(async (trx) => {
    if (!(await hasConsulted({ patientId, psychologistId }, trx))) return "not_consulted";
    const request = await openRecordRequest(trx, { patientId, psychologistId });
    if (!request.created) return "already_pending";
    await notifyRecordRequest(trx, { psychologistId, requestId: request.id });
    await audit({ actor, action: "record_request.create", subject: { type: "record_request", id: request.id }, patientId, details: { psychologistId } }, trx);

    const psychologist = await trx.selectFrom("psychologists").select(["user_id", "email", "name"]).where("id", "=", psychologistId).executeTakeFirstOrThrow();
    const [recipient, patient] = await Promise.all([psychologist.user_id ? getRecipient(psychologist.user_id, trx) : undefined, getRecipient(patientId, trx)]);
    const to = recipient?.email ?? psychologist.email;
    if (to) {
      const locale = recipientLocale(recipient?.locale);
      const t = getFixedT(locale, "emails");
      const name = patient ? [patient.firstName].filter(Boolean).join(" ") || patient.email : "";
      const layout = render({
        locale,
        name: recipient?.firstName ?? psychologist.name,
        heading: t("recordRequested.heading"),
        paragraphs: [t("recordRequested.body", { patient: name }), t("recordRequested.next")],
        action: { label: t("recordRequested.button"), url: absoluteUrl("/psychologist-dashboard/records") },
      });
      await queueMail(trx, { userId: psychologist.user_id, to, template: "record_requested", locale, subject: t("recordRequested.subject"), ...layout });
    }
    return "created";
  });
}

/**
 * The released copy as a PDF: every note of this psychologist about this
 * patient as it stood when the latest copy was released (what the
 * psychologist agreed to hand over; later writing needs a new release), one
 * section per consultation, oldest first; audited as a download.
 * undefined before the psychologist released a copy.
 */
export async function recordCopyPdf({ patientId, psychologistId, actor, locale }: { patientId: string; psychologistId: string; actor: NoteActor; locale: Locale }) {
  const release = await releasedCopy({ patientId, psychologistId });
  if (!release?.releasedAt) return undefined;
  const [author, notes, fullName] = await Promise.all([recordAuthor(psychologistId), notesOfPatient({ psychologistId, patientId, asOf: release.releasedAt }), patientFullName(patientId)]);
  await audit({ actor, action: "record_copy.download", subject: { type: "record_request", id: release.id }, patientId, details: { psychologistId, notes: notes.map((note) => note.noteId), versions: notes.map((note) => note.version) } });
  const t = getFixedT(locale, "records");
  const timeZone = author.timeZone;
  const today = new Date();
  const bytes = await buildRecordPdf({
    title: t("pdf.copyTitle"),
    // The consultations' times are the practice's clock: its zone is named, since the patient reading may live in another.
    header: [psychologistLine(t, author), t("pdf.patient", { name: fullName }), t("pdf.issued", { date: formatLongDate(today, locale, timeZone) }), t("pdf.zone", { zone: zoneName(today, locale, timeZone) })],
    sections: notes.length
      ? notes.map((note) => ({ heading: t("pdf.consultation", { date: formatLongDate(note.startsAt, locale, timeZone), time: formatTime(note.startsAt, locale, timeZone) }), text: note.text }))
      : [{ heading: t("pdf.noNotesHeading"), text: t("pdf.noNotes") }],
    confidentiality: t("pdf.confidential"),
    pageLabel: (page, pages) => t("pdf.page", { page, pages }),
    author: author.name,
  });
  return { bytes, fileName: recordFileName(locale, fullName, dateInZone(today, timeZone)) };
}

async function patientFullName(patientId: string): Promise<string> {
  const row = await db.selectFrom("profiles").innerJoin("users", "users.id", "profiles.id").select(["first_name", "last_name", "email"]).where("profiles.id", "=", patientId).executeTakeFirst();
  return row ? patientName({ firstName: row.first_name, lastName: row.last_name, email: row.email }) : "";
}

export function psychologistLine(t: ReturnType<typeof getFixedT>, author: { name: string; crp: string | null }): string {
  return author.crp ? t("pdf.psychologist", { name: author.name, crp: author.crp }) : t("pdf.psychologistNoCrp", { name: author.name });
}

/** The dashboard's 'Meu prontuário': each psychologist the patient consulted, with where the copy of the record stands. */
export async function myRecordSection({ patientId, locale, timeZone }: { patientId: string; locale: Locale; timeZone: string }) {
  const rows = await recordCopiesOfPatient({ patientId });
  const date = (value: Date | string | null) => (value ? (formatLongDate(new Date(value), locale, timeZone) ?? "") : null);
  return rows.map((row) => ({ psychologistId: row.id, name: row.name, pendingSince: date(row.pendingSince), releasedAt: date(row.releasedAt) }));
}
