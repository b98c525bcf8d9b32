import { randomBytes, randomUUID } from "node:crypto";
import type { Server } from "node:http";
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
import { logger, withRequestLogger } from "~/utils/logger.server";
import { contentSecurityPolicy } from "~/utils/security-headers.server";

/**
 * The one server bundle (build/index.js) and its commands:
 *   serve (default)  HTTP server; also works jobs unless RUN_JOBS_IN_WEB=false
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
    child[level]({ method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, "request");
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
  app.use(securityHeaders);
  app.use(compression());

  // Fingerprinted build assets never change.
  app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y" }));
  // The other public files all have an extension; pages do not, so they skip the file lookup.
  const publicFiles = express.static("public", { maxAge: "1h" });
  app.use((req, res, next) => (/\.[^/]+$/.test(req.path) ? publicFiles(req, res, next) : next()));

  app.all("*", remixHandler());
  return app;
}

async function serve() {
  const config = env();
  await prepareDatabase();
  if (config.RUN_JOBS_IN_WEB) await startWorker();
  const server: Server = createApp().listen(config.PORT, () => {
    logger.info({ port: config.PORT, appEnv: config.appEnv, database: config.usesEmbeddedDatabase ? "embedded" : "postgres" }, `Acolhe em ${config.APP_URL}`);
    if (build.mode === "development") void broadcastDevReady(build as never);
  });
  // Always close the database on the way out: an embedded PGlite must be closed to stay consistent.
  const shutdown = async (reason: string, code = 0) => {
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
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
}

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
