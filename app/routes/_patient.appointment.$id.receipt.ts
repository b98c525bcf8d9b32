import type { LoaderFunctionArgs } from "@remix-run/node";
import { getFixedT, getLocale } from "~/i18n/i18n.server";
import { downloadReceipt } from "~/services/receipts.server";
import { requirePatient } from "~/services/session.server";
import { contentDisposition } from "~/utils/content-disposition";

/**
 * /appointment/{id}/receipt — the receipt (PDF) of a paid consultation, for
 * its own patient only: anyone else's id is a 404, a visitor goes to /login,
 * a psychologist or an admin gets 403.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePatient(request);
  const locale = await getLocale(request);
  const receipt = await downloadReceipt(user, params.id ?? "", locale);
  if (!receipt) {
    return new Response(getFixedT(locale, "receipts")("errors.notFound"), { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });
  }
  return new Response(new Uint8Array(receipt.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition(receipt.fileName),
      "Content-Length": String(receipt.pdf.length),
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
