import type { LoaderFunctionArgs } from "@remix-run/node";
import { dateInZone } from "~/domain/slots";
import { pageTranslations } from "~/i18n/i18n.server";
import { downloadName } from "~/i18n/server-texts.server";
import { audit } from "~/models/audit.server";
import { exportAudit } from "~/models/audit-log.server";
import { requireAdmin } from "~/services/session.server";
import { viewerTimeZone } from "~/services/viewer-time-zone.server";
import { csvResponse, toCsv } from "~/utils/csv.server";
import { auditFiltersOf } from "./_admin.admin_.audit/audit.server";

/** /admin/audit.csv — the audit log with the page's filters, as CSV (ISO times, so a spreadsheet sorts them). */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const { t, locale } = await pageTranslations(request, ["admin-audit"]);
  const { filters, form } = auditFiltersOf(new URL(request.url));
  const rows = await exportAudit(filters);
  await audit({ actor: { userId: admin.id, role: "admin" }, action: "audit.export", subject: { type: "audit_log", id: "export" }, details: { filters: form, rows: rows.length } });
  const header = ["when", "actor", "role", "action", "subject", "details", "request", "origin"].map((column) => t(`columns.${column}`));
  const body = rows.map((row) => [row.at.toISOString(), row.actorEmail ?? "", row.actorRole, row.action, `${row.subjectType} ${row.subjectId}`, JSON.stringify(row.details), row.requestId ?? "", row.ipHash ?? ""]);
  return csvResponse(toCsv(header, body), downloadName(locale, "audit", { date: dateInZone(new Date(), viewerTimeZone(request, admin).timeZone) }, "csv"));
}
