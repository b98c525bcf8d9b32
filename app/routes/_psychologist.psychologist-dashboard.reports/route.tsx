import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useState, type MouseEvent } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList } from "~/components/forms";
import { TableScroll } from "~/components/table-scroll";
import { formatsFor, REPORT_TYPES, type ReportType } from "~/domain/practice-reports";
import { useTranslation } from "~/i18n/use-translation";
import { requirePsychologist } from "~/services/session.server";
import { fileNameOf } from "~/utils/content-disposition";
import { formatList, formatMoney } from "~/utils/format";
import { reportsTabData } from "./reports.server";

/**
 * /psychologist-dashboard/reports — Relatórios: type (financial, fiscal,
 * trends), format, date range; a GET form whose 'Pré-visualizar' reloads
 * this tab with the first rows and whose 'Gerar relatório' downloads the
 * file from the resource route, with or without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return reportsTabData(request, await requirePsychologist(request));
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

export default function ReportsTab() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("reports");
  const errors = data.errors as Record<string, string[]> | null;
  const type = (REPORT_TYPES as readonly string[]).includes(data.form.type) ? (data.form.type as ReportType) : "financial";
  const location = useLocation();
  const [exported, setExported] = useState<{ ok: boolean; message: string } | null>(null);
  const [exporting, setExporting] = useState(false);

  /**
   * With JavaScript, 'Gerar relatório' fetches the file itself so the page can say
   * 'Relatório exportado com sucesso!' or why it failed; without, the form's plain
   * GET downloads it (a refusal then shows as the route's text).
   */
  async function generate(event: MouseEvent<HTMLButtonElement>) {
    const form = event.currentTarget.form;
    if (!form) return;
    event.preventDefault();
    setExporting(true);
    setExported(null);
    try {
      const query = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
      const response = await fetch(`/psychologist-dashboard/reports/download?${query}`);
      if (!response.ok) {
        setExported({ ok: false, message: response.status === 400 ? await response.text() : t("errors.export") });
        return;
      }
      // The server's name, in the reader's language (its UTF-8 filename* when not plain ASCII).
      const name = fileNameOf(response.headers.get("Content-Disposition")) ?? "relatorio";
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setExported({ ok: true, message: t("success") });
    } catch {
      setExported({ ok: false, message: t("errors.export") });
    } finally {
      setExporting(false);
    }
  }

  return (
    <section aria-labelledby="tab-title">
      <h2 id="tab-title" className="text-xl font-semibold">
        {t("heading")}
      </h2>
      <p className="muted mt-1 text-sm">{t("intro")}</p>
      {data.preview?.psychologistCpfMissing ? (
        <p role="note" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200">
          {t("errors.missingCpf")}{" "}
          <Link to="/psychologist-profile?edit=1" className="font-semibold underline">
            {t("editProfile")}
          </Link>
        </p>
      ) : null}

      {/* reloadDocument: the browser submits natively, so 'Gerar relatório' (formAction) is a plain download. */}
      <Form method="get" reloadDocument className="card mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end" aria-label={t("formLabel")}>
        <div>
          <label htmlFor="report-type" className="label">
            {t("fields.type")}
          </label>
          <select id="report-type" name="type" defaultValue={type} className="input w-full" aria-invalid={errors?.type ? true : undefined} aria-describedby={errors?.type ? "report-type-error" : undefined}>
            {REPORT_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`types.${value}`)}
              </option>
            ))}
          </select>
          <ErrorList id="report-type-error" errors={errors?.type} />
        </div>
        <div>
          <label htmlFor="report-format" className="label">
            {t("fields.format")}
          </label>
          <select id="report-format" name="format" defaultValue={data.form.format} className="input w-full" aria-invalid={errors?.format ? true : undefined} aria-describedby={errors?.format ? "report-format-error" : undefined}>
            {(["pdf", "excel", "csv"] as const).map((value) => (
              <option key={value} value={value}>
                {t(`formats.${value}`)}
              </option>
            ))}
          </select>
          <ErrorList id="report-format-error" errors={errors?.format} />
        </div>
        <div>
          <label htmlFor="report-from" className="label">
            {t("fields.from")}
          </label>
          <input id="report-from" type="date" name="from" required defaultValue={data.form.from} max={data.today} className="input w-full" aria-invalid={errors?.from ? true : undefined} aria-describedby={errors?.from ? "report-from-error" : undefined} />
          <ErrorList id="report-from-error" errors={errors?.from} />
        </div>
        <div>
          <label htmlFor="report-to" className="label">
            {t("fields.to")}
          </label>
          <input id="report-to" type="date" name="to" required defaultValue={data.form.to} className="input w-full" aria-invalid={errors?.to ? true : undefined} aria-describedby={errors?.to ? "report-to-error" : undefined} />
          <ErrorList id="report-to-error" errors={errors?.to} />
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn-secondary">
            {t("preview")}
          </button>
          <button type="submit" formAction="/psychologist-dashboard/reports/download" className="btn-primary" onClick={generate} aria-disabled={exporting || undefined}>
            {t("generate")}
          </button>
        </div>
        <p role="status" className={exported ? `text-sm sm:col-span-2 lg:col-span-5 ${exported.ok ? "text-green-700 dark:text-green-400" : "text-red-700 dark:text-red-400"}` : "sr-only"}>
          {exported?.message ?? ""}
        </p>
        <p className="muted text-xs sm:col-span-2 lg:col-span-5">{t("hints", { zone: data.zoneLabel })}</p>
      </Form>

      {data.loadError ? (
        <div role="alert" className="card mt-6">
          <p>{data.loadError}</p>
          <Link to={location.pathname + location.search} reloadDocument className="btn-secondary mt-3">
            {t("errors.retry")}
          </Link>
        </div>
      ) : null}
      {data.preview ? <Preview preview={data.preview} type={type} /> : null}
    </section>
  );
}

type Preview = NonNullable<Data["preview"]>;

function Table({ table, caption }: { table: Preview["table"]; caption: string }) {
  return (
    <TableScroll label={caption} className="mt-3">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-start dark:border-slate-800">
            {table.columns.map((column) => (
              <th key={column.header} scope="col" className={`px-2 py-1 font-semibold ${column.numeric ? "text-end" : "text-start"}`}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, index) => (
            <tr key={index} className="border-b border-slate-100 dark:border-slate-900">
              {row.map((cell, cellIndex) => (
                <td key={cellIndex} className={`px-2 py-1 ${table.columns[cellIndex]?.numeric ? "text-end tabular-nums" : ""}`}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function Preview({ preview, type }: { preview: Preview; type: ReportType }) {
  const { t, locale } = useTranslation("reports");
  return (
    <section aria-labelledby="preview-title" className="card mt-6">
      <h3 id="preview-title" className="font-semibold">
        {t("previewHeading", { title: preview.title })}
      </h3>
      {preview.weeks ? <TrendsChart weeks={preview.weeks} /> : null}
      {preview.table.rows.length === 0 ? (
        <p className="muted mt-3">{t("empty")}</p>
      ) : (
        <>
          <p className="muted mt-1 text-xs">{type === "trends" ? t("previewWeeks") : t("previewNote", { count: preview.table.rows.length })}</p>
          <Table table={preview.table} caption={preview.title} />
        </>
      )}
      <h4 className="mt-6 font-semibold">{preview.totals.heading}</h4>
      <Table table={preview.totals} caption={preview.totals.heading} />
      <p className="muted mt-3 text-xs">{t("formatsNote", { formats: formatList(formatsFor(type).map((format) => t(`formats.${format}`)), locale) })}</p>
    </section>
  );
}

/** Consultations (bars) and revenue (line) per week, drawn on the server. */
function TrendsChart({ weeks }: { weeks: NonNullable<Preview["weeks"]> }) {
  const { t, locale } = useTranslation("reports");
  const width = 640;
  const height = 200;
  const pad = { top: 16, right: 12, bottom: 28, left: 12 };
  const inner = { width: width - pad.left - pad.right, height: height - pad.top - pad.bottom };
  const maxCount = Math.max(1, ...weeks.map((week) => week.consultations));
  const maxRevenue = Math.max(1, ...weeks.map((week) => week.revenueCents));
  const step = weeks.length > 0 ? inner.width / weeks.length : inner.width;
  const bar = Math.max(2, step * 0.6);
  const totalCount = weeks.reduce((total, week) => total + week.consultations, 0);
  const totalRevenue = weeks.reduce((total, week) => total + week.revenueCents, 0);
  const title = t("chart.title", { weeks: weeks.length, consultations: totalCount, revenue: formatMoney(totalRevenue, locale) });
  const points = weeks.map((week, index) => `${pad.left + index * step + step / 2},${pad.top + inner.height - (week.revenueCents / maxRevenue) * inner.height}`).join(" ");
  const label = (day: string) => new Intl.DateTimeFormat(locale, { day: "2-digit", month: "2-digit", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
  const every = Math.max(1, Math.ceil(weeks.length / 8));
  return (
    <figure className="mt-4">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby="trends-chart-title" className="h-auto w-full max-w-3xl text-teal-700 dark:text-teal-300">
        <title id="trends-chart-title">{title}</title>
        <line x1={pad.left} x2={width - pad.right} y1={pad.top + inner.height} y2={pad.top + inner.height} stroke="currentColor" strokeOpacity={0.3} />
        {weeks.map((week, index) => {
          const barHeight = (week.consultations / maxCount) * inner.height;
          return (
            <g key={week.week}>
              <rect x={pad.left + index * step + (step - bar) / 2} y={pad.top + inner.height - barHeight} width={bar} height={Math.max(barHeight, 0.5)} fill="currentColor" fillOpacity={0.35} rx={2} />
              {index % every === 0 ? (
                <text x={pad.left + index * step + step / 2} y={height - 8} textAnchor="middle" fontSize={10} fill="currentColor">
                  {label(week.week)}
                </text>
              ) : null}
            </g>
          );
        })}
        {weeks.length > 1 ? <polyline points={points} fill="none" stroke="#b45309" strokeWidth={2} /> : null}
      </svg>
      <figcaption className="muted mt-1 flex flex-wrap gap-4 text-xs">
        <span>
          <span aria-hidden="true" className="me-1 inline-block h-2 w-3 bg-teal-700/40" />
          {t("chart.consultations")}
        </span>
        <span>
          <span aria-hidden="true" className="me-1 inline-block h-0.5 w-3 bg-amber-700 align-middle" />
          {t("chart.revenue")}
        </span>
      </figcaption>
    </figure>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
