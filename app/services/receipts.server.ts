import type { Locale } from "~/i18n/config";
import { audit } from "~/models/audit.server";
import { isUuid } from "~/models/public-profile.server";
import { getPatientReceipt } from "~/models/receipts.server";
import { receiptFileName, receiptPdf } from "./receipt-pdf.server";
import type { SessionUser } from "./session.server";

/**
 * A patient downloads the receipt of one of their own paid consultations;
 * anything else (someone else's, unpaid, refunded in full, no such id) is
 * null, which the route answers as 404 without saying which. Each download
 * is audited: a receipt is money and a CPF.
 */
export async function downloadReceipt(user: SessionUser, appointmentId: string, locale: Locale): Promise<{ fileName: string; pdf: Buffer } | null> {
  if (!isUuid(appointmentId)) return null;
  const receipt = await getPatientReceipt({ patientId: user.id, appointmentId });
  if (!receipt) return null;
  const pdf = await receiptPdf(receipt, locale);
  await audit({
    actor: { userId: user.id, role: user.role },
    action: "receipt.download",
    subject: { type: "appointment", id: receipt.id },
    patientId: user.id,
    details: { netCents: receipt.netCents, psychologistCpf: receipt.psychologistCpf !== null },
  });
  return { fileName: receiptFileName(receipt, locale), pdf };
}
