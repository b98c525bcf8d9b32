import { data } from "@remix-run/node";
import type { TFunction } from "~/i18n/translate";
import { z } from "zod";
import { timeZoneLabel } from "~/utils/booking-format";
import { defaultRange, formatsFor, PREVIEW_ROWS, rangeProblems, REPORT_FORMATS, REPORT_TYPES, type ReportFormat, type ReportType } from "~/domain/practice-reports";
import { isoDay } from "~/domain/receipt";
import { pageTranslations } from "~/i18n/i18n.server";
import { exportReport, reportPreview } from "~/services/report-export.server";
import type { PsychologistSessionUser } from "~/services/session.server";
import { log } from "~/utils/logger.server";

/**
 * The 'Relatórios' tab's server half (spec 02, 'Reports tab'): the query's
 * rules, the preview of the first rows, and the download. The query is the
 * same GET form for both, so the preview and the file agree.
 */

export function reportQuerySchema(t: TFunction) {
  return z
    .object({
      type: z.enum(REPORT_TYPES, { message: t("errors.type") }),
      format: z.enum(REPORT_FORMATS, { message: t("errors.format") }),
      from: z.string().trim().optional().default(""),
      to: z.string().trim().optional().default(""),
    })
    .superRefine((value, ctx) => {
      for (const { field, problem } of rangeProblems(value.from, value.to)) ctx.addIssue({ code: "custom", path: [field], message: t(`errors.${problem}`) });
      if (!formatsFor(value.type).includes(value.format)) ctx.addIssue({ code: "custom", path: ["format"], message: t("errors.format") });
    });
}

export interface ReportForm {
  type: string;
  format: string;
  from: string;
  to: string;
}

type Parsed = { ok: true; value: { type: ReportType; format: ReportFormat; from: string; to: string } } | { ok: false; errors: Record<string, string[]> };

export function parseReportQuery(params: Record<string, string>, t: TFunction): Parsed {
  const result = reportQuerySchema(t).safeParse(params);
  if (result.success) return { ok: true, value: result.data };
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "form");
    (errors[field] ??= []).push(issue.message);
  }
  return { ok: false, errors };
}

/** The tab's form: the query as given; the defaults (financial, PDF, the last 30 days) when the page opens bare. */
function formOf(url: URL, today: string): { form: ReportForm; submitted: boolean } {
  const params = url.searchParams;
  const submitted = params.has("from") || params.has("to") || params.has("type") || params.has("format");
  const range = defaultRange(today);
  return {
    submitted,
    form: {
      type: params.get("type") ?? "financial",
      format: params.get("format") ?? "pdf",
      from: submitted ? (params.get("from") ?? "") : range.from,
      to: submitted ? (params.get("to") ?? "") : range.to,
    },
  };
}

export async function reportsTabData(request: Request, user: PsychologistSessionUser) {
  const { t, locale, translations } = await pageTranslations(request, ["reports"]);
  const timeZone = user.psychologistTimeZone;
  const today = isoDay(new Date(), timeZone);
  const { form } = formOf(new URL(request.url), today);
  // Named as the admin's pages name it ('Horário Padrão de Brasília (America/Sao_Paulo)'), not by its id alone.
  const base = { translations, form, today, timeZone, zoneLabel: timeZoneLabel(timeZone, locale), maxRangeDays: 366 };
  const parsed = parseReportQuery({ ...form }, t);
  if (!parsed.ok) return data({ ...base, errors: parsed.errors, preview: null, loadError: null }, { status: 400 });
  try {
    const preview = await reportPreview(user, parsed.value, locale, PREVIEW_ROWS);
    return { ...base, errors: null, preview, loadError: null };
  } catch (error) {
    if (error instanceof Response) throw error;
    log().error({ err: error }, "Erro ao gerar relatório");
    return data({ ...base, errors: null, preview: null, loadError: t("errors.load", { message: t("errors.loadMessage") }) }, { status: 503 });
  }
}

/** /psychologist-dashboard/reports/download: the file, or 400 with the spec's message naming what is wrong. */
export async function reportDownload(request: Request, user: PsychologistSessionUser) {
  const { t, locale } = await pageTranslations(request, ["reports"]);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = parseReportQuery(params, t);
  if (!parsed.ok) {
    const message = Object.values(parsed.errors).flat().join(" ");
    return new Response(t("errors.load", { message }), { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });
  }
  return exportReport(user, parsed.value, locale);
}
