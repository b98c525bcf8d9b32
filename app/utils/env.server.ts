import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * The one place the process environment is read. Parsed once, at start; every
 * other module asks `env()` and gets typed, validated values.
 */

export const APP_ENVIRONMENTS = ["production", "staging", "development"] as const;
export type AppEnvironment = (typeof APP_ENVIRONMENTS)[number];

/** Hosts that are "the main domain" of the spec's environment rule. */
export const PRODUCTION_HOSTS = ["acolhe.com.br", "www.acolhe.com.br"];

/** The spec's per-environment constants (section 9: sessions and API). */
export const ENVIRONMENT_CONSTANTS = {
  production: { sessionTimeoutMs: 30 * 60_000, maxLoginAttempts: 5, apiTimeoutMs: 10_000, apiRetries: 3 },
  staging: { sessionTimeoutMs: 60 * 60_000, maxLoginAttempts: 10, apiTimeoutMs: 15_000, apiRetries: 2 },
  development: { sessionTimeoutMs: 24 * 60 * 60_000, maxLoginAttempts: 50, apiTimeoutMs: 30_000, apiRetries: 1 },
} as const satisfies Record<AppEnvironment, unknown>;

/** The spec's rule: the main domain is production, hosts naming staging or preview are staging. */
export function environmentFromHost(host: string): AppEnvironment {
  const name = host.toLowerCase();
  if (PRODUCTION_HOSTS.includes(name)) return "production";
  if (name.includes("staging") || name.includes("preview")) return "staging";
  return "development";
}

/**
 * Which environment this process is (docs/decisions/014-environment-and-limits.md).
 * APP_ENV decides when set. Without it, a process started with NODE_ENV
 * development or test (the dev server, the test runner) follows APP_URL's
 * host; anything else — NODE_ENV=production as in the image, or nothing at
 * all — is production (staging for a staging host). Development, with its
 * outbox, local checkout, default secrets and demo accounts, is never a
 * fallback: it has to be asked for.
 */
export function decideEnvironment(source: { APP_ENV?: AppEnvironment; NODE_ENV?: string }, host: string): AppEnvironment {
  if (source.APP_ENV) return source.APP_ENV;
  const fromHost = environmentFromHost(host);
  if (source.NODE_ENV === "development" || source.NODE_ENV === "test") return fromHost;
  return fromHost === "staging" ? "staging" : "production";
}

export const DEV_ADMIN_EMAIL = "admin@acolhe.dev";
const DEV_SESSION_SECRET = "development-only-session-secret";
const DEV_WEBHOOK_SECRET = "development-only-webhook-secret";
// Tests seal with a fixed key: a test run leaves no key file behind.
const TEST_NOTES_KEY = Buffer.alloc(32, 7).toString("base64");

/**
 * Outside production and tests, the clinical notes' key is generated once and
 * kept in `.data/` beside the embedded database: notes written yesterday
 * still open today, and no key lives in the code. Created exclusively, so
 * processes starting together agree on one.
 */
function generatedNotesKey(directory: string): string {
  const file = path.join(directory, "notes-encryption.key");
  mkdirSync(directory, { recursive: true });
  try {
    writeFileSync(file, `dev:${randomBytes(32).toString("base64")}\n`, { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return readFileSync(file, "utf8").trim();
}

const optional = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const schema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).optional(),
  APP_ENV: z.enum(APP_ENVIRONMENTS).optional(),
  APP_URL: z.string().url().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),

  DATABASE_URL: optional,
  PGLITE_DATA_DIR: z.string().default(".data/pglite"),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),

  SESSION_SECRET: optional,
  ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  COUNTRY_HEADER: optional,
  /** Seconds an anonymous visitor's public page is served again (0 turns it off; ADR 012). */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  RUN_JOBS_IN_WEB: z
    .enum(["true", "false"])
    .default("true")
    .transform((value) => value === "true"),
  /** Web processes `serve` runs (ADR 018); unset: one per available core. Always 1 on the embedded PGlite. */
  WEB_CONCURRENCY: optional.pipe(z.coerce.number().int().min(1).max(64).optional()),

  PAYMENT_PROVIDER: z.enum(["mercadopago", "local"]).optional(),
  MERCADOPAGO_ACCESS_TOKEN: optional,
  MERCADOPAGO_PUBLIC_KEY: optional,
  MERCADOPAGO_WEBHOOK_SECRET: optional,

  VIDEO_PROVIDER: z.enum(["daily", "local"]).optional(),
  DAILY_API_KEY: optional,
  DAILY_API_URL: z.string().url().default("https://api.daily.co/v1"),

  SMTP_URL: optional,
  MAIL_FROM: z.string().default("Acolhe <nao-responda@acolhe.com.br>"),

  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,

  NOTES_ENCRYPTION_KEY: optional,
  UPLOADS_DIR: z.string().default(".data/uploads"),
  /** Uploads: s3 (any S3-compatible store) | local (disk under UPLOADS_DIR); by default s3 when a bucket and keys are set (ADR 017). */
  STORAGE_PROVIDER: optional.pipe(z.enum(["s3", "local"]).optional()),
  // Our names first, then the ones `fly storage create` (Tigris) sets.
  S3_BUCKET: optional,
  BUCKET_NAME: optional,
  S3_ENDPOINT: optional.pipe(z.string().url().optional()),
  AWS_ENDPOINT_URL_S3: optional.pipe(z.string().url().optional()),
  S3_REGION: optional,
  AWS_REGION: optional,
  AWS_ACCESS_KEY_ID: optional,
  AWS_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: optional.pipe(z.enum(["true", "false"]).optional()),
});

type RawEnv = z.infer<typeof schema>;

export type Env = Omit<RawEnv, "APP_URL" | "SESSION_SECRET" | "MERCADOPAGO_WEBHOOK_SECRET" | "NOTES_ENCRYPTION_KEY"> & {
  /** Public address of the site; in development defaults to http://localhost:PORT. */
  APP_URL: string;
  appEnv: AppEnvironment;
  constants: (typeof ENVIRONMENT_CONSTANTS)[AppEnvironment];
  SESSION_SECRET: string;
  MERCADOPAGO_WEBHOOK_SECRET: string;
  NOTES_ENCRYPTION_KEY: string;
  paymentProvider: "mercadopago" | "local";
  videoProvider: "daily" | "local";
  storageProvider: "s3" | "local";
  /** The object store's settings, when a bucket and keys are configured. */
  s3: S3Settings | null;
  usesEmbeddedDatabase: boolean;
};

export interface S3Settings {
  bucket: string;
  /** Omitted for AWS S3; Tigris: https://fly.storage.tigris.dev; MinIO: its address. */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (MinIO, fakes) rather than the host name. */
  forcePathStyle: boolean;
}

export class InvalidConfigurationError extends Error {
  constructor(
    readonly missing: string[],
    environment: "production" | "staging" = "production",
  ) {
    super(`Configuração inválida para ${environment === "staging" ? "staging" : "produção"}: ${missing.join(", ")}`);
    this.name = "InvalidConfigurationError";
  }
}

// Values people leave in copied .env files. Such a value counts as missing in production.
const PLACEHOLDER = /placeholder|change[-_ ]?me|your[-_ ]|<[^>]*>|^x{3,}$|^todo$|example\.com/i;

export function isPlaceholder(value: string | undefined): boolean {
  return value === undefined || PLACEHOLDER.test(value);
}

/** The secrets production cannot start without (issue 2, item 4). */
const PRODUCTION_REQUIRED = [
  "DATABASE_URL",
  "SESSION_SECRET",
  "MERCADOPAGO_ACCESS_TOKEN",
  "MERCADOPAGO_PUBLIC_KEY",
  "MERCADOPAGO_WEBHOOK_SECRET",
  "DAILY_API_KEY",
  "SMTP_URL",
  "APP_URL",
  "NOTES_ENCRYPTION_KEY",
] as const;

/** The secrets staging cannot start without: its own providers may be local, its secrets not. */
const STAGING_REQUIRED = ["SESSION_SECRET", "MERCADOPAGO_WEBHOOK_SECRET"] as const;

/**
 * Uploads must outlive a deploy: production needs the object store's bucket
 * and keys, unless STORAGE_PROVIDER=local says the disk is a mounted volume.
 */
function storageGaps(source: Record<string, string | undefined>): string[] {
  if (source.STORAGE_PROVIDER?.trim() === "local") return [];
  const value = (...names: string[]) => names.map((name) => source[name]?.trim() || undefined).find((found) => found !== undefined);
  return (
    [
      ["S3_BUCKET", value("S3_BUCKET", "BUCKET_NAME")],
      ["AWS_ACCESS_KEY_ID", value("AWS_ACCESS_KEY_ID")],
      ["AWS_SECRET_ACCESS_KEY", value("AWS_SECRET_ACCESS_KEY")],
    ] as const
  )
    .filter(([, found]) => isPlaceholder(found))
    .map(([name]) => name);
}

/** What production would refuse to start without, read from `source` (the admin's configuration page shows it for any environment). */
export function productionConfigurationGaps(source: Record<string, string | undefined>): string[] {
  return [...PRODUCTION_REQUIRED.filter((name) => isPlaceholder(source[name])), ...storageGaps(source)];
}

function s3Settings(raw: RawEnv): S3Settings | null {
  const bucket = raw.S3_BUCKET ?? raw.BUCKET_NAME;
  if (!bucket || !raw.AWS_ACCESS_KEY_ID || !raw.AWS_SECRET_ACCESS_KEY) return null;
  const endpoint = raw.S3_ENDPOINT ?? raw.AWS_ENDPOINT_URL_S3;
  return {
    bucket,
    endpoint,
    region: raw.S3_REGION ?? raw.AWS_REGION ?? (endpoint ? "auto" : "us-east-1"),
    accessKeyId: raw.AWS_ACCESS_KEY_ID,
    secretAccessKey: raw.AWS_SECRET_ACCESS_KEY,
    // AWS addresses buckets by host name; MinIO and most self-hosted stores by path.
    forcePathStyle: raw.S3_FORCE_PATH_STYLE ? raw.S3_FORCE_PATH_STYLE === "true" : Boolean(endpoint),
  };
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const raw = schema.parse(source);
  const appUrl = raw.APP_URL ?? `http://localhost:${raw.PORT}`;
  const appEnv = decideEnvironment(raw, new URL(appUrl).hostname);

  if (appEnv === "production") {
    const missing: string[] = [
      ...PRODUCTION_REQUIRED.filter((name) => {
        const value = name === "APP_URL" ? source.APP_URL : raw[name];
        return isPlaceholder(value);
      }),
      ...storageGaps(source),
    ];
    if (missing.length > 0) throw new InvalidConfigurationError(missing);
  }
  // Staging is reachable from the internet: the development secrets, public in the repository,
  // would let anyone forge its session cookies and payment webhooks.
  if (appEnv === "staging") {
    const missing = STAGING_REQUIRED.filter((name) => isPlaceholder(raw[name]));
    if (missing.length > 0) throw new InvalidConfigurationError(missing, "staging");
  }

  const paymentProvider =
    appEnv === "production" ? "mercadopago" : (raw.PAYMENT_PROVIDER ?? (raw.MERCADOPAGO_ACCESS_TOKEN ? "mercadopago" : "local"));
  const videoProvider = appEnv === "production" ? "daily" : (raw.VIDEO_PROVIDER ?? (raw.DAILY_API_KEY ? "daily" : "local"));
  const s3 = s3Settings(raw);
  const storageProvider = raw.STORAGE_PROVIDER ?? (s3 ? "s3" : "local");

  // Development and staging need an admin without configuration: the seeded one.
  const adminEmails = raw.ADMIN_EMAILS.length > 0 || appEnv === "production" ? raw.ADMIN_EMAILS : [DEV_ADMIN_EMAIL];

  return {
    ...raw,
    ADMIN_EMAILS: adminEmails,
    APP_URL: appUrl,
    appEnv,
    constants: ENVIRONMENT_CONSTANTS[appEnv],
    SESSION_SECRET: raw.SESSION_SECRET ?? DEV_SESSION_SECRET,
    MERCADOPAGO_WEBHOOK_SECRET: raw.MERCADOPAGO_WEBHOOK_SECRET ?? DEV_WEBHOOK_SECRET,
    NOTES_ENCRYPTION_KEY: raw.NOTES_ENCRYPTION_KEY ?? (source.NODE_ENV === "test" ? TEST_NOTES_KEY : generatedNotesKey(path.dirname(raw.PGLITE_DATA_DIR))),
    paymentProvider,
    videoProvider,
    storageProvider,
    s3,
    usesEmbeddedDatabase: raw.DATABASE_URL === undefined,
  };
}

let cached: Env | undefined;

/** The validated environment of this process. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Tests change process.env between cases; this makes the next `env()` read it again. */
export function resetEnvForTests() {
  cached = undefined;
}
