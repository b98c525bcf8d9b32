import { z } from "zod";
import { addDays, isCalendarDate, startOfDayInZone } from "~/domain/slots";
import { pageTranslations } from "~/i18n/i18n.server";
import { auditVocabulary, listAudit, AUDIT_PAGE_SIZE, type AuditFilters } from "~/models/audit-log.server";
import { ADMIN_TIME_ZONE, adminZone } from "~/services/admin-time.server";
import { pageMeta } from "~/services/page-meta.server";
import { formatLongDate, formatTime } from "~/utils/format";

/** /admin/audit: the audit log with its filters as GET parameters, paged; the CSV export reads the same filters. */

const ZONE = ADMIN_TIME_ZONE;

const text = z.string().trim().max(200).optional().catch(undefined);
// Date.parse takes '2025-02-30' (V8 rolls it over): only a day that exists, in the calendar's years.
const day = z.string().refine(isCalendarDate).optional().catch(undefined);
const filtersSchema = z.object({ actor: text, action: text, subjectType: text, subjectId: text, from: day, to: day, page: z.coerce.number().int().min(1).max(100_000).catch(1) });

/** What the URL asks for; a malformed parameter is left out rather than refused (a filter, not a form). */
export function auditFiltersOf(url: URL): { filters: AuditFilters; form: Record<string, string>; page: number } {
  const parsed = filtersSchema.parse(Object.fromEntries(url.searchParams));
  const form = Object.fromEntries(Object.entries({ actor: parsed.actor, action: parsed.action, subjectType: parsed.subjectType, subjectId: parsed.subjectId, from: parsed.from, to: parsed.to }).filter(([, value]) => value)) as Record<string, string>;
  return {
    filters: {
      actor: parsed.actor || undefined,
      action: parsed.action || undefined,
      subjectType: parsed.subjectType || undefined,
      subjectId: parsed.subjectId || undefined,
      // Whole days in Brasília: 'to' includes its last second.
      from: parsed.from ? startOfDayInZone(parsed.from, ZONE) : undefined,
      to: parsed.to ? new Date(startOfDayInZone(addDays(parsed.to, 1), ZONE).getTime() - 1) : undefined,
    },
    form,
    page: parsed.page,
  };
}

export async function auditPageData(request: Request) {
  const { t, translations, locale } = await pageTranslations(request, ["admin-audit"]);
  const url = new URL(request.url);
  const { filters, form, page } = auditFiltersOf(url);
  const [{ rows, total }, vocabulary] = await Promise.all([listAudit(filters, page), auditVocabulary()]);
  return {
    translations,
    meta: await pageMeta(request, { title: t("title"), noindex: true }),
    form,
    vocabulary,
    page,
    pages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
    total,
    exportHref: `/admin/audit.csv${url.search}`,
    zone: adminZone(locale),
    rows: rows.map((row) => ({
      id: row.id,
      date: formatLongDate(row.at, locale, ZONE),
      time: formatTime(row.at, locale, ZONE),
      actor: row.actorEmail ?? row.actorRole,
      actorEmail: row.actorEmail,
      role: row.actorRole,
      action: row.action,
      subject: `${row.subjectType} ${row.subjectId}`,
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      requestId: row.requestId,
      ipHash: row.ipHash,
      details: JSON.stringify(row.details),
    })),
  };
}
