import cluster from "node:cluster";
import { randomBytes, randomUUID } from "node:crypto";
import type { Server } from "node:http";
import { availableParallelism } from "node:os";
import * as build from "@remix-run/dev/server-build";
import { broadcastDevReady, type ServerBuild } from "@remix-run/node";
import { createRequest, sendResponse } from "@remix-run/node-fetch-server";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { migrateToLatest } from "#db/migrator";
import { prepareDatabase as prepareDatabaseAtStart } from "#db/prepare";
import { seed } from "#db/seed";
import { closeDb, db } from "~/models/db.server";
import { createAppHandler } from "~/request-handler.server";
import { stopQueue } from "~/services/queue.server";
import { startWorker } from "~/services/worker.server";
import { env, InvalidConfigurationError } from "~/utils/env.server";
import { loggableUrl, logger, withRequestLogger } from "~/utils/logger.server";
import { planProcesses, restartDelay, STABLE_AFTER_MS } from "~/utils/process-plan.server";
import { contentSecurityPolicy } from "~/utils/security-headers.server";
import { precompressedAssets } from "~/utils/static-assets.server";

/**
 * The one server bundle (build/index.js) and its commands:
 *   serve (default)  HTTP server, one process per core with PostgreSQL
 *                    (WEB_CONCURRENCY, ADR 018); also works jobs, once,
 *                    unless RUN_JOBS_IN_WEB=false
 *   worker           works jobs only (a separate Fly process in production)
 *   migrate          applies pending migrations and exits (Fly release command)
 *   seed             loads the demo content (refused in production)
 */

async function prepareDatabase() {
  const { applied, seeded } = await prepareDatabaseAtStart(db, env());
  if (applied.length > 0) logger.info({ applied }, "migrations applied");
  if (seeded) logger.info("demo content seeded");
}

function securityHeaders(req: Request, res: Response, next: NextFunction) {
  const nonce = randomBytes(16).toString("base64");
  res.locals.cspNonce = nonce;
  const production = env().appEnv === "production";
  res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, { production, dev: build.mode === "development" }));
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Permissions-Policy", "camera=(self), microphone=(self), display-capture=(self), geolocation=()");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  res.setHeader("Accept-CH", "Sec-CH-Prefers-Color-Scheme");
  if (production) res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload");
  next();
}

function requestLogging(req: Request, res: Response, next: NextFunction) {
  const requestId = req.get("fly-request-id") ?? req.get("x-request-id") ?? randomUUID();
  res.locals.requestId = requestId;
  res.setHeader("X-Request-Id", requestId);
  const child = logger.child({ requestId });
  const started = process.hrtime.bigint();
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const level = res.statusCode >= 500 ? "error" : "info";
    child[level]({ method: req.method, path: loggableUrl(req.path), status: res.statusCode, ms: Math.round(ms * 10) / 10 }, "request");
  });
  withRequestLogger(child, next);
}

/** Remix behind app/request-handler.server.ts, through the Fetch API (no proxy header trusted). */
function remixHandler() {
  const handle = createAppHandler(build as unknown as ServerBuild);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const request = createRequest(req, res);
      const connection = { socketAddress: req.socket.remoteAddress ?? null, cspNonce: res.locals.cspNonce as string, requestId: res.locals.requestId as string };
      await sendResponse(res, await handle(request, connection));
    } catch (error) {
      next(error);
    }
  };
}

function createApp() {
  const app = express();
  app.disable("x-powered-by");
  // No proxy header is trusted: the client IP comes from Fly-Client-IP in production (request-handler.server.ts).
  app.set("trust proxy", false);
  app.use(requestLogging);
  // Pages and data are compressed on the fly (brotli where accepted); it leaves alone responses already encoded.
  // gzip at level 3, not zlib's 6: a third of the CPU for ~9 % more bytes (browsers ask for brotli, kept at quality 4).
  app.use(compression({ level: 3 }));
  // Fingerprinted build assets never change: served as compressed at build time, without the pages' headers (a kilobyte each).
  app.use("/build", precompressedAssets("public/build"));
  app.use(securityHeaders);
  // The other public files all have an extension; pages do not, so they skip the file lookup.
  const publicFiles = express.static("public", { maxAge: "1h" });
  app.use((req, res, next) => (/\.[^/]+$/.test(req.path) ? publicFiles(req, res, next) : next()));

  app.all("*", remixHandler());
  return app;
}

/**
 * `serve`: one web process, or one per core behind node:cluster (ADR 018,
 * app/utils/process-plan.server.ts). Forked workers run this same command
 * and land in serveHttp.
 */
async function serve() {
  const config = env();
  if (cluster.isWorker) return serveHttp({ prepare: false, jobs: false });
  const plan = planProcesses(
    { webConcurrency: config.WEB_CONCURRENCY, usesEmbeddedDatabase: config.usesEmbeddedDatabase, runJobsInWeb: config.RUN_JOBS_IN_WEB, buildMode: build.mode },
    availableParallelism(),
  );
  if (plan.note) logger.info({ webProcesses: 1 }, plan.note);
  return plan.clustered ? servePrimary(plan.webProcesses, plan.jobs === "primary") : serveHttp({ prepare: true, jobs: plan.jobs });
}

/** The HTTP server of a single web process or of one clustered worker (which the primary prepared). */
async function serveHttp({ prepare, jobs }: { prepare: boolean; jobs: boolean }) {
  const config = env();
  if (prepare) await prepareDatabase();
  if (jobs) await startWorker();
  const server: Server = createApp().listen(config.PORT, () => {
    logger.info(
      { port: config.PORT, appEnv: config.appEnv, database: config.usesEmbeddedDatabase ? "embedded" : "postgres", ...(cluster.isWorker ? { worker: cluster.worker?.id } : {}) },
      `Acolhe em ${config.APP_URL}`,
    );
    if (build.mode === "development") void broadcastDevReady(build as never);
  });
  // Always close the database on the way out: an embedded PGlite must be closed to stay consistent.
  let closing = false;
  const shutdown = async (reason: string, code = 0) => {
    if (closing) return;
    closing = true;
    logger.info({ reason }, "shutting down");
    server.close();
    await stopQueue().catch(() => undefined);
    await closeDb().catch(() => undefined);
    process.exit(code);
  };
  server.on("error", (error) => {
    logger.fatal({ err: error }, "HTTP server error");
    void shutdown("server error", 1);
  });
  // Ctrl-C reaches the primary and its workers alike, then the primary's SIGTERM follows: either is enough.
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  // A worker whose primary is gone (killed outright) has no one to restart or stop it.
  if (cluster.isWorker) process.once("disconnect", () => void shutdown("primary gone", 1));
}

/**
 * The clustered primary: migrates once, works the jobs (once per machine),
 * forks the web workers, replaces one that dies unexpectedly (with a growing
 * delay, never in a tight loop), and on SIGTERM/SIGINT stops them all
 * gracefully before closing its own queue and database.
 */
async function servePrimary(webProcesses: number, jobs: boolean) {
  await prepareDatabase();
  if (jobs) await startWorker();
  else await closeDb();
  let stopping = false;
  let crashesInARow = 0;
  const fork = () => {
    const worker = cluster.fork();
    const startedAt = Date.now();
    worker.once("exit", (code, signal) => {
      if (stopping) return;
      crashesInARow = Date.now() - startedAt >= STABLE_AFTER_MS ? 1 : crashesInARow + 1;
      const delay = restartDelay(crashesInARow);
      logger.error({ pid: worker.process.pid, code, signal, restartInMs: delay }, "web worker died; replacing it");
      setTimeout(() => stopping || fork(), delay);
    });
  };
  for (let i = 0; i < webProcesses; i += 1) fork();
  logger.info({ webProcesses, jobs: jobs ? "primary" : "none", pid: process.pid }, `${webProcesses} web processes (WEB_CONCURRENCY)`);

  const shutdown = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ reason }, "stopping the web workers");
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    const exited = Promise.all(workers.map((worker) => new Promise((resolve) => (worker.isDead() ? resolve(null) : worker.once("exit", resolve)))));
    for (const worker of workers) worker.process.kill("SIGTERM");
    // Each worker closes its pools within seconds; one that hangs is not waited for forever.
    const overdue = setTimeout(() => workers.forEach((worker) => worker.isDead() || worker.process.kill("SIGKILL")), WORKER_STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(overdue);
    await stopQueue().catch(() => undefined);
    await closeDb().catch(() => undefined);
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

const WORKER_STOP_TIMEOUT_MS = 20_000;

async function worker() {
  await prepareDatabase();
  await startWorker();
  const shutdown = async () => {
    await stopQueue().catch(() => undefined);
    await closeDb().catch(() => undefined);
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown());
  process.once("SIGINT", () => void shutdown());
}

async function oneShot(task: () => Promise<void>) {
  try {
    await task();
  } finally {
    await closeDb();
  }
}

async function main(command: string) {
  try {
    env();
  } catch (error) {
    if (error instanceof InvalidConfigurationError) {
      logger.fatal({ missing: error.missing }, error.message);
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  switch (command) {
    case "serve":
      return serve();
    case "worker":
      return worker();
    case "migrate":
      return oneShot(async () => {
        const applied = await migrateToLatest(db);
        logger.info({ applied }, "migrations applied");
      });
    case "seed":
      return oneShot(async () => {
        if (env().appEnv !== "development") throw new Error("Demo content is only seeded in development (APP_ENV=development).");
        await migrateToLatest(db);
        await seed(db);
      });
    default:
      console.error(`Unknown command: ${command}. Use serve, worker, migrate or seed.`);
      process.exit(2);
  }
}

main(process.argv[2] ?? "serve").catch((error) => {
  logger.fatal({ err: error }, "start failed");
  process.exit(1);
});
