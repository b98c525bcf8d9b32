import { parseWithZod } from "@conform-to/zod";
import type { TFunction } from "~/i18n/translate";
import { z } from "zod";
import { isDate } from "~/domain/agenda";
import { patientName } from "~/domain/practice-appointments";
import { PATIENTS_PAGE_SIZE } from "~/domain/practice-patients";
import { startOfDayInZone } from "~/domain/slots";
import { pageTranslations } from "~/i18n/i18n.server";
import { audit } from "~/models/audit.server";
import { listPracticePatients } from "~/models/practice-patients.server";
import type { PsychologistSessionUser } from "~/services/session.server";
import { formatLongDate } from "~/utils/format";
import { log } from "~/utils/logger.server";

/**
 * The patients tab's server half: the filtered page of the psychologist's
 * patients and the audit row saying it was seen. Four statements: the zone,
 * the count, the page, the audit row.
 */

const MAX_SEARCH_LENGTH = 100;

export function patientFiltersSchema(t: TFunction) {
  return z.object({
    q: z.string().trim().max(MAX_SEARCH_LENGTH, t("filters.searchTooLong")).optional(),
    since: z
      .string()
      .trim()
      .refine((value) => isDate(value) && value >= "1900-01-01", t("filters.badDate"))
      .optional(),
    page: z.coerce.number().int().min(1).max(10_000).optional(),
  });
}

export interface PatientFilters {
  q: string;
  since: string | null;
  page: number;
}

/** The GET parameters; a bad one is reported and dropped, so a mangled URL still shows a list. */
export function parsePatientFilters(params: URLSearchParams, t: TFunction): { filters: PatientFilters; errors: string[] } {
  const schema = patientFiltersSchema(t);
  const submission = parseWithZod(params, { schema });
  if (submission.status === "success") return { filters: { q: submission.value.q ?? "", since: submission.value.since ?? null, page: submission.value.page ?? 1 }, errors: [] };
  const raw = (name: string) => params.get(name) || undefined;
  const q = schema.shape.q.safeParse(raw("q"));
  const since = schema.shape.since.safeParse(raw("since"));
  const page = schema.shape.page.safeParse(raw("page"));
  const errors = Object.entries(submission.reply().error ?? {})
    .filter(([name]) => name !== "page")
    .flatMap(([, messages]) => messages ?? []);
  return {
    filters: {
      q: q.success ? (q.data ?? "") : (params.get("q") ?? "").trim().slice(0, MAX_SEARCH_LENGTH),
      since: since.success ? (since.data ?? null) : null,
      page: page.success ? (page.data ?? 1) : 1,
    },
    errors: [...new Set(errors)],
  };
}

export async function patientsTabData(request: Request, user: PsychologistSessionUser, now = new Date()) {
  const { t, translations, locale } = await pageTranslations(request, ["patients", "appointments"]);
  const psychologistId = user.psychologistId;
  const { filters, errors } = parsePatientFilters(new URL(request.url).searchParams, t);
  const base = { translations, filters, filterErrors: errors, filtered: filters.q !== "" || filters.since !== null };
  try {
    const timeZone = user.psychologistTimeZone;
    const since = filters.since ? startOfDayInZone(filters.since, timeZone) : null;
    const list = await listPracticePatients({ psychologistId, q: filters.q, since, page: filters.page, now });
    // Who looked at which patients' list, with which filters: one row per view.
    await audit({
      actor: { userId: user.id, role: user.role },
      action: "patient.list",
      subject: { type: "psychologist", id: psychologistId },
      details: { q: filters.q || null, since: filters.since, page: filters.page, shown: list.rows.length, total: list.total },
    });
    const date = (instant: Date | null) => (instant ? formatLongDate(instant, locale, timeZone) : null);
    return {
      ...base,
      error: false as const,
      list: {
        total: list.total,
        page: filters.page,
        pages: Math.max(1, Math.ceil(list.total / PATIENTS_PAGE_SIZE)),
        rows: list.rows.map((row) => ({
          id: row.id,
          name: patientName(row),
          total: row.total,
          lastDate: date(row.lastAt),
          nextDate: date(row.nextAt),
          active: row.active,
        })),
      },
    };
  } catch (error) {
    // The tab says so and offers a retry; the rest of the dashboard still works.
    log().error({ err: error, psychologistId }, "patients tab failed to load");
    return { ...base, error: true as const, list: null };
  }
}
