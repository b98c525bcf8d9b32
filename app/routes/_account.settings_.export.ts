import type { LoaderFunctionArgs } from "@remix-run/node";
import { dateInZone } from "~/domain/slots";
import { getLocale } from "~/i18n/i18n.server";
import { downloadName } from "~/i18n/server-texts.server";
import { audit } from "~/models/audit.server";
import { exportUserData } from "~/services/privacy.server";
import { requireUser } from "~/services/session.server";
import { viewerTimeZone } from "~/services/viewer-time-zone.server";
import { contentDisposition } from "~/utils/content-disposition";

/** 'Baixar meus dados': everything the platform holds about the signed-in person, as a JSON file. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const body = JSON.stringify(await exportUserData(user.id), null, 2);
  // The data-subject request log: when the platform answered a request for access (LGPD art. 18).
  await audit({ actor: { userId: user.id, role: user.role }, action: "user.export", subject: { type: "user", id: user.id } });
  // The file is named by the person's own date, not UTC's (after 21:00 in Brasília, UTC is already tomorrow).
  const date = dateInZone(new Date(), viewerTimeZone(request, user).timeZone);
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": contentDisposition(downloadName(await getLocale(request), "dataExport", { date }, "json")),
      "Cache-Control": "no-store",
    },
  });
}
