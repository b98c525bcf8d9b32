/**
 * The evaluations tab's rules (spec 02, 'Evaluations tab' and section 9):
 * positive is 4 or more, negative 2 or less; the average is green at 4 or
 * more, yellow at 3 or more, otherwise red. Filters and sorts come from the
 * URL, and anything unknown falls back to the default.
 */

export const EVALUATION_FILTERS = ["all", "positive", "negative"] as const;
export type EvaluationFilter = (typeof EVALUATION_FILTERS)[number];
export const EVALUATION_SORTS = ["recent", "highest", "lowest"] as const;
export type EvaluationSort = (typeof EVALUATION_SORTS)[number];
export const EVALUATIONS_PAGE_SIZE = 50;

export const POSITIVE_MIN = 4;
export const NEGATIVE_MAX = 2;

export interface EvaluationQuery {
  filter: EvaluationFilter;
  sort: EvaluationSort;
  page: number;
}

function oneOf<T extends string>(options: readonly T[], value: string | null, fallback: T): T {
  return options.includes(value as T) ? (value as T) : fallback;
}

export function parseEvaluationQuery(params: URLSearchParams): EvaluationQuery {
  const page = Number(params.get("page"));
  return {
    filter: oneOf(EVALUATION_FILTERS, params.get("filter"), "all"),
    sort: oneOf(EVALUATION_SORTS, params.get("sort"), "recent"),
    page: Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The inclusive rating range a filter keeps. */
export function ratingRange(filter: EvaluationFilter): [number, number] {
  if (filter === "positive") return [POSITIVE_MIN, 5];
  if (filter === "negative") return [1, NEGATIVE_MAX];
  return [1, 5];
}

export type AverageTone = "good" | "fair" | "poor";

export function averageTone(average: number): AverageTone {
  if (average >= 4) return "good";
  if (average >= 3) return "fair";
  return "poor";
}

/** Percent of `part` in `total`, one decimal; 0 when there is nothing. */
export function share(part: number, total: number): number {
  return total === 0 ? 0 : Math.round((part / total) * 1000) / 10;
}
