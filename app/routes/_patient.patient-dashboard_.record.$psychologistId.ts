import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getLocale, pageTranslations } from "~/i18n/i18n.server";
import { NoteDecryptionError } from "~/models/clinical-notes.server";
import { recordCopyPdf, requestRecordCopy } from "~/services/record-copies.server";
import { pdfResponse } from "~/services/record-pdf.server";
import { requirePatient } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { log } from "~/utils/logger.server";

/**
 * /patient-dashboard/record/{psychologistId} — the patient's copy of their record:
 * POST asks the psychologist for it; GET downloads it once released (404 before).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BACK = "/patient-dashboard#meu-prontuario";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePatient(request);
  const { t } = await pageTranslations(request, ["records"]);
  const psychologistId = params.psychologistId ?? "";
  if (!UUID.test(psychologistId)) throw new Response(t("patient.notReleased"), { status: 404 });
  try {
    const copy = await recordCopyPdf({ patientId: user.id, psychologistId, actor: { userId: user.id, role: user.role }, locale: await getLocale(request) });
    if (!copy) return new Response(t("patient.notReleased"), { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    return pdfResponse(copy.bytes, copy.fileName);
  } catch (error) {
    log().error({ err: error, psychologistId }, "record copy failed");
    return redirectWithToast(BACK, { type: "error", title: t("errors.export"), description: error instanceof NoteDecryptionError ? t("errors.tampered") : undefined });
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePatient(request);
  const { t } = await pageTranslations(request, ["records"]);
  const psychologistId = params.psychologistId ?? "";
  if (!UUID.test(psychologistId)) throw new Response(t("patient.notConsulted"), { status: 404 });
  const outcome = await requestRecordCopy({ patientId: user.id, psychologistId, actor: { userId: user.id, role: user.role } });
  // Someone the patient never consulted is as absent as someone who does not exist.
  if (outcome === "not_consulted") throw new Response(t("patient.notConsulted"), { status: 404 });
  if (outcome === "already_pending") return redirectWithToast(BACK, { type: "info", title: t("patient.alreadyPending") });
  return redirectWithToast(BACK, { type: "success", title: t("patient.requested") });
}
