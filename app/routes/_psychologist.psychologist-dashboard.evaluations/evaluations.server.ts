import { redirect } from "@remix-run/node";
import { averageTone, EVALUATIONS_PAGE_SIZE, parseEvaluationQuery, share, type EvaluationQuery } from "~/domain/practice-evaluations";
import { dateInZone } from "~/domain/slots";
import { pageTranslations } from "~/i18n/i18n.server";
import { downloadName } from "~/i18n/server-texts.server";
import { audit } from "~/models/audit.server";
import { evaluationStats, exportEvaluations, listEvaluations } from "~/models/practice-evaluations.server";
import type { PsychologistSessionUser } from "~/services/session.server";
import { csvResponse, toCsv } from "~/utils/csv.server";
import { formatLongDate, formatNumber } from "~/utils/format";
import { log } from "~/utils/logger.server";

/**
 * The evaluations tab's server half (spec 02, 'Evaluations tab'): the
 * statistics and the filtered list fail on their own, each with the spec's
 * text and a retry link, so one broken query never blanks the other. Three
 * statements: the zone, the statistics, one page of the list.
 */

const TAB = "/psychologist-dashboard/evaluations";

function queryString(query: Pick<EvaluationQuery, "filter" | "sort">): string {
  return new URLSearchParams({ filter: query.filter, sort: query.sort }).toString();
}

function patientLabel(row: { anonymous: boolean; firstName: string | null; lastName: string | null }): string | null {
  if (row.anonymous) return null;
  return [row.firstName, row.lastName].filter(Boolean).join(" ") || null;
}

export async function evaluationsTabData(request: Request, user: PsychologistSessionUser) {
  const { translations, locale, t } = await pageTranslations(request, ["evaluations"]);
  const psychologistId = user.psychologistId;
  const params = new URL(request.url).searchParams;
  const query = parseEvaluationQuery(params);

  const timeZone = user.psychologistTimeZone;
  const [stats, list] = await Promise.allSettled([
    evaluationStats({ psychologistId }),
    listEvaluations({ psychologistId, ...query }),
  ]);
  if (stats.status === "rejected") log().error({ err: stats.reason, psychologistId }, "evaluation statistics failed to load");
  if (list.status === "rejected") log().error({ err: list.reason, psychologistId }, "evaluations failed to load");

  return {
    translations,
    query,
    exportQuery: queryString(query),
    exportError: params.get("error") === "export" ? t("errors.export") : null,
    statsError: stats.status === "rejected" ? t("errors.stats") : null,
    stats:
      stats.status === "fulfilled"
        ? {
            total: stats.value.total,
            average: stats.value.average === null ? null : formatNumber(stats.value.average, locale, 1),
            tone: stats.value.average === null ? null : averageTone(stats.value.average),
            distribution: stats.value.distribution.map((row) => ({ ...row, percent: formatNumber(share(row.count, stats.value.total), locale, 1), width: share(row.count, stats.value.total) })),
          }
        : null,
    listError: list.status === "rejected" ? t("errors.list") : null,
    list:
      list.status === "fulfilled"
        ? {
            total: list.value.total,
            page: query.page,
            pages: Math.max(1, Math.ceil(list.value.total / EVALUATIONS_PAGE_SIZE)),
            rows: list.value.rows.map((row) => ({ id: row.id, rating: row.rating, comment: row.comment, date: formatLongDate(row.createdAt, locale, timeZone), patient: patientLabel(row) })),
          }
        : null,
  };
}

/** The CSV of the filtered list (no paging). A failure goes back to the tab with the spec's text. */
export async function evaluationsExport(request: Request, user: PsychologistSessionUser, now = new Date()) {
  const psychologistId = user.psychologistId;
  const query = parseEvaluationQuery(new URL(request.url).searchParams);
  try {
    const { t, locale } = await pageTranslations(request, ["evaluations"]);
    const timeZone = user.psychologistTimeZone;
    const rows = await exportEvaluations({ psychologistId, ...query });
    await audit({ actor: { userId: user.id, role: "psychologist" }, action: "evaluations.export", subject: { type: "psychologist", id: psychologistId }, details: { filter: query.filter, sort: query.sort, rows: rows.length } });
    const csv = toCsv(
      [t("csv.date"), t("csv.rating"), t("csv.comment"), t("csv.patient")],
      rows.map((row) => [dateInZone(row.createdAt, timeZone), row.rating, row.comment, patientLabel(row) ?? t("anonymous")]),
    );
    return csvResponse(csv, downloadName(locale, "evaluations", { date: dateInZone(now, timeZone) }, "csv"));
  } catch (error) {
    log().error({ err: error, psychologistId }, "evaluations export failed");
    return redirect(`${TAB}?${queryString(query)}&error=export`);
  }
}
