import { randomUUID } from "node:crypto";
import { countActiveSessions, databaseRoundTrip, jobQueueStats, outboxStats } from "~/models/system-health.server";
import { findSessionUser } from "~/models/session.server";
import { paymentGateway, type PaymentGateway } from "~/providers/payments.server";
import type { PingResult } from "~/providers/ping.server";
import { putFile, readStoredFile, removeFile } from "~/providers/storage.server";
import { videoProvider, type VideoProvider } from "~/providers/video.server";
import type { TFunction } from "~/i18n/translate";
import { log } from "~/utils/logger.server";
import { QUEUE_SCHEMA } from "./queue.server";

/**
 * 'Saúde do sistema' (spec 02, 2.2 'Health check'): each part the practice
 * depends on, checked for real, in parallel, each within its own time limit
 * so one slow provider cannot hold the page. A check answers a status and a
 * detail in the reader's language; what went wrong in depth goes to the log,
 * never to the page (no credentials, addresses or provider messages).
 */

export const HEALTH_CHECK_IDS = ["database", "authentication", "payments", "video", "storage", "mail", "jobs"] as const;
export type HealthCheckId = (typeof HEALTH_CHECK_IDS)[number];
export type HealthStatus = "ok" | "warning" | "error";

export interface HealthCheckResult {
  id: HealthCheckId;
  status: HealthStatus;
  /** Already translated. */
  detail: string;
  durationMs: number;
}

export interface HealthReport {
  checks: HealthCheckResult[];
  /** Checks in error: the spec's 'N teste(s) falharam', worded '1 teste falhou' / 'N testes falharam'. Warnings pass. */
  failed: number;
  warnings: number;
  durationMs: number;
}

export const HEALTH_LIMITS = {
  /** No check may take longer than this. */
  checkTimeoutMs: 3_000,
  /** A provider's ping gives up a little earlier, so its own answer ('não respondeu') is the one shown. */
  pingTimeoutMs: 2_500,
  slowDatabaseMs: 500,
  mailWarningMinutes: 15,
  mailErrorMinutes: 120,
  /** A job due this long ago and not picked up: no worker is working the queue. */
  jobWaitingWarningMinutes: 15,
  /** Active this long: its worker died or hangs. */
  jobStuckMinutes: 30,
  failureWindowHours: 24,
};
export type HealthLimits = typeof HEALTH_LIMITS;

interface Context {
  t: TFunction;
  /** Formats seconds in the reader's language ('2,5 s'). */
  seconds: (ms: number) => string;
  sessionId: string;
  now: Date;
  limits: HealthLimits;
  payments: () => PaymentGateway;
  video: () => VideoProvider;
}

type Outcome = { status: HealthStatus; detail: string };
type Check = (context: Context) => Promise<Outcome>;

const MINUTE_MS = 60_000;
const worst = (statuses: HealthStatus[]): HealthStatus => (statuses.includes("error") ? "error" : statuses.includes("warning") ? "warning" : "ok");

/** '12 min' or '3 h': how long ago, rounded down. */
function age(t: TFunction, ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / MINUTE_MS));
  return minutes < 120 ? t("age.minutes", { count: minutes }) : t("age.hours", { count: Math.floor(minutes / 60) });
}

async function checkDatabase({ t, limits }: Context): Promise<Outcome> {
  const started = performance.now();
  await databaseRoundTrip();
  const ms = Math.round(performance.now() - started);
  return ms > limits.slowDatabaseMs ? { status: "warning", detail: t("details.databaseSlow", { ms }) } : { status: "ok", detail: t("details.databaseOk", { ms }) };
}

async function checkAuthentication({ t, sessionId, now }: Context): Promise<Outcome> {
  const [session, active] = await Promise.all([findSessionUser(sessionId, now), countActiveSessions(now)]);
  if (!session) return { status: "error", detail: t("details.notAuthenticated") };
  return { status: "ok", detail: t("details.authenticationOk", { count: active }) };
}

/** A provider behind the app's interface: local mode said plainly, a real one pinged with its credentials. */
async function checkProvider(
  { t, limits, seconds }: Context,
  load: () => { name: string; ping?: (options: { timeoutMs: number }) => Promise<PingResult> },
  label: string,
  localDetail: string,
): Promise<Outcome> {
  let provider: ReturnType<typeof load>;
  try {
    provider = load();
  } catch (error) {
    log().warn({ err: error, provider: label }, "health check: provider not configured");
    return { status: "error", detail: t("details.providerNotConfigured", { provider: label }) };
  }
  if (provider.name === "local") return { status: "warning", detail: localDetail };
  if (!provider.ping) return { status: "ok", detail: t("details.providerConfigured", { provider: label }) };
  const answer = await provider.ping({ timeoutMs: limits.pingTimeoutMs });
  if (answer.ok) return { status: "ok", detail: t("details.providerOk", { provider: label }) };
  return { status: "error", detail: t(`details.provider.${answer.failure}`, { provider: label, status: answer.status ?? "—", seconds: seconds(limits.pingTimeoutMs) }) };
}

const checkPayments: Check = (context) =>
  checkProvider(context, context.payments, "Mercado Pago", context.t("details.paymentsLocal"));

const checkVideo: Check = (context) => checkProvider(context, context.video, "Daily", context.t("details.videoLocal"));

/** Writes, reads back and deletes a small probe file where uploads live. */
async function checkStorage({ t }: Context): Promise<Outcome> {
  const probe = Buffer.from(`acolhe-health-${randomUUID()}`);
  const key = `health/probe-${randomUUID()}.png`;
  let url: string;
  try {
    url = await putFile(key, probe);
  } catch (error) {
    log().warn({ err: error }, "health check: upload store not writable");
    return { status: "error", detail: t("details.storageWrite") };
  }
  const read = await readStoredFile(key);
  await removeFile(url);
  if (!read || !read.body.equals(probe)) return { status: "error", detail: t("details.storageRead") };
  if (await readStoredFile(key)) return { status: "warning", detail: t("details.storageDelete") };
  return { status: "ok", detail: t("details.storageOk") };
}

async function checkMail({ t, now, limits }: Context): Promise<Outcome> {
  const stats = await outboxStats(new Date(now.getTime() - limits.failureWindowHours * 60 * MINUTE_MS));
  const parts: Outcome[] = [];
  if (stats.pending > 0 && stats.oldestPendingAt) {
    const waited = now.getTime() - stats.oldestPendingAt.getTime();
    const status: HealthStatus = waited > limits.mailErrorMinutes * MINUTE_MS ? "error" : waited > limits.mailWarningMinutes * MINUTE_MS ? "warning" : "ok";
    parts.push({ status, detail: t("details.mailPending", { count: stats.pending, age: age(t, waited) }) });
  }
  if (stats.failedSince > 0) parts.push({ status: "warning", detail: t("details.mailFailed", { count: stats.failedSince, hours: limits.failureWindowHours }) });
  if (parts.length === 0) return { status: "ok", detail: t("details.mailOk") };
  return { status: worst(parts.map((part) => part.status)), detail: parts.map((part) => part.detail).join(" · ") };
}

async function checkJobs({ t, now, limits }: Context): Promise<Outcome> {
  const stats = await jobQueueStats(QUEUE_SCHEMA, {
    now,
    since: new Date(now.getTime() - limits.failureWindowHours * 60 * MINUTE_MS),
    stuckBefore: new Date(now.getTime() - limits.jobStuckMinutes * MINUTE_MS),
  });
  const parts: Outcome[] = [];
  if (stats.stuck > 0) parts.push({ status: "error", detail: t("details.jobsStuck", { count: stats.stuck, minutes: limits.jobStuckMinutes }) });
  if (stats.failedSince > 0) parts.push({ status: "warning", detail: t("details.jobsFailed", { count: stats.failedSince, hours: limits.failureWindowHours }) });
  if (stats.ready > 0 && stats.oldestReadyAt) {
    const waited = now.getTime() - stats.oldestReadyAt.getTime();
    parts.push({ status: waited > limits.jobWaitingWarningMinutes * MINUTE_MS ? "warning" : "ok", detail: t("details.jobsWaiting", { count: stats.ready, age: age(t, waited) }) });
  }
  if (parts.length === 0) return { status: "ok", detail: t("details.jobsOk") };
  return { status: worst(parts.map((part) => part.status)), detail: parts.map((part) => part.detail).join(" · ") };
}

const CHECKS: Record<HealthCheckId, Check> = {
  database: checkDatabase,
  authentication: checkAuthentication,
  payments: checkPayments,
  video: checkVideo,
  storage: checkStorage,
  mail: checkMail,
  jobs: checkJobs,
};

class CheckTimeout extends Error {}

/** One check, timed and bounded: a throw or a timeout is an error with a summary, the cause goes to the log. */
async function runCheck(id: HealthCheckId, context: Context): Promise<HealthCheckResult> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout()), context.limits.checkTimeoutMs);
    timer.unref();
  });
  let outcome: Outcome;
  try {
    outcome = await Promise.race([CHECKS[id](context), timeout]);
  } catch (error) {
    if (error instanceof CheckTimeout) {
      log().warn({ check: id, timeoutMs: context.limits.checkTimeoutMs }, "health check timed out");
      outcome = { status: "error", detail: context.t("details.timeout", { seconds: context.seconds(context.limits.checkTimeoutMs) }) };
    } else {
      log().warn({ err: error, check: id }, "health check failed");
      outcome = { status: "error", detail: context.t("details.failed") };
    }
  } finally {
    clearTimeout(timer);
  }
  return { id, ...outcome, durationMs: Math.round(performance.now() - started) };
}

export interface HealthCheckInput {
  /** The page's translator (app/i18n/translate.ts): its plurals fall back to `_other` in every language. */
  t: TFunction;
  locale: string;
  /** The session of the person asking: the authentication check reads it back. */
  sessionId: string;
  now?: Date;
  limits?: Partial<HealthLimits>;
  /** The providers in use; tests may give others. */
  payments?: () => PaymentGateway;
  video?: () => VideoProvider;
}

/** Runs every check at once; the report keeps their order. */
export async function runHealthChecks(input: HealthCheckInput): Promise<HealthReport> {
  const started = performance.now();
  const secondsFormat = new Intl.NumberFormat(input.locale, { maximumFractionDigits: 1 });
  const context: Context = {
    t: input.t,
    seconds: (ms) => secondsFormat.format(ms / 1000),
    sessionId: input.sessionId,
    now: input.now ?? new Date(),
    limits: { ...HEALTH_LIMITS, ...input.limits },
    payments: input.payments ?? paymentGateway,
    video: input.video ?? videoProvider,
  };
  const checks = await Promise.all(HEALTH_CHECK_IDS.map((id) => runCheck(id, context)));
  return {
    checks,
    failed: checks.filter((check) => check.status === "error").length,
    warnings: checks.filter((check) => check.status === "warning").length,
    durationMs: Math.round(performance.now() - started),
  };
}
