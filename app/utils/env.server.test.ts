import { describe, expect, it } from "vitest";
import { ENVIRONMENT_CONSTANTS, environmentFromHost, InvalidConfigurationError, isPlaceholder, parseEnv } from "./env.server";

/** What staging needs of its own: the secrets; its providers may stay local. */
const STAGING_SECRETS = { SESSION_SECRET: "5e1f0c9b2a7d4e6f8a3b1c0d9e8f7a6b", MERCADOPAGO_WEBHOOK_SECRET: "d4c3b2a1f6e5" };

const PRODUCTION = {
  APP_ENV: "production",
  APP_URL: "https://acolhe.com.br",
  DATABASE_URL: "postgres://acolhe:s3cret@db.internal:5432/acolhe",
  SESSION_SECRET: "9f2c4e1ab7d84c3e9a5f0b6d2c8e7f1a",
  MERCADOPAGO_ACCESS_TOKEN: "APP_USR-1234567890-abcdef",
  MERCADOPAGO_PUBLIC_KEY: "APP_USR-pub-0987654321",
  MERCADOPAGO_WEBHOOK_SECRET: "c1b2a3d4e5f6",
  DAILY_API_KEY: "daily-key-1234",
  SMTP_URL: "smtps://user:pass@smtp.acolhe.com.br:465",
  NOTES_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString("base64"),
  S3_BUCKET: "acolhe-uploads",
  AWS_ACCESS_KEY_ID: "tid_AbCdEf123456",
  AWS_SECRET_ACCESS_KEY: "tsec_9f8e7d6c5b4a",
};

describe("environmentFromHost (the spec's rule)", () => {
  it.each([
    ["acolhe.com.br", "production"],
    ["www.acolhe.com.br", "production"],
    ["staging.acolhe.com.br", "staging"],
    ["acolhe-preview-42.fly.dev", "staging"],
    ["localhost", "development"],
    ["acolhe.fly.dev", "development"],
  ])("%s is %s", (host, expected) => {
    expect(environmentFromHost(host)).toBe(expected);
  });
});

describe("parseEnv", () => {
  it("is production with no configuration at all, or with NODE_ENV=production as in the image: it refuses to start", () => {
    expect(() => parseEnv({})).toThrow(InvalidConfigurationError);
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(InvalidConfigurationError);
    expect(() => parseEnv({ NODE_ENV: "production", APP_URL: "http://localhost:3000" })).toThrow(/Configuração inválida para produção/);
    expect(parseEnv({ NODE_ENV: "production", APP_URL: "https://staging.acolhe.com.br", ...STAGING_SECRETS }).appEnv).toBe("staging");
  });

  it("is development only when asked: APP_ENV=development, or the dev server's and tests' NODE_ENV", () => {
    expect(parseEnv({ APP_ENV: "development", NODE_ENV: "production" }).appEnv).toBe("development");
    expect(parseEnv({ NODE_ENV: "development" }).appEnv).toBe("development");
    expect(parseEnv({ NODE_ENV: "test" }).appEnv).toBe("development");
  });

  it("starts in development with nothing else configured, on local providers and the embedded database", () => {
    const config = parseEnv({ APP_ENV: "development" });
    expect(config.appEnv).toBe("development");
    expect(config.usesEmbeddedDatabase).toBe(true);
    expect(config.paymentProvider).toBe("local");
    expect(config.videoProvider).toBe("local");
    expect(config.constants).toEqual(ENVIRONMENT_CONSTANTS.development);
    expect(config.ADMIN_EMAILS).toEqual(["admin@acolhe.dev"]);
  });

  it("takes the environment from APP_URL's host when APP_ENV is absent", () => {
    expect(parseEnv({ APP_URL: "https://staging.acolhe.com.br", ...STAGING_SECRETS }).appEnv).toBe("staging");
    expect(parseEnv({ APP_URL: "https://staging.acolhe.com.br", ...STAGING_SECRETS }).constants.maxLoginAttempts).toBe(10);
  });

  it("refuses staging without its own session and webhook secrets, or with placeholders: never the development ones", () => {
    const staging = { APP_ENV: "staging", APP_URL: "https://staging.acolhe.com.br" };
    expect(() => parseEnv(staging)).toThrowError(new InvalidConfigurationError(["SESSION_SECRET", "MERCADOPAGO_WEBHOOK_SECRET"], "staging"));
    expect(() => parseEnv(staging)).toThrowError(/^Configuração inválida para staging: SESSION_SECRET, MERCADOPAGO_WEBHOOK_SECRET$/);
    expect(() => parseEnv({ ...staging, ...STAGING_SECRETS, SESSION_SECRET: "change-me" })).toThrowError(/: SESSION_SECRET$/);
    expect(() => parseEnv({ ...staging, SESSION_SECRET: STAGING_SECRETS.SESSION_SECRET })).toThrowError(/: MERCADOPAGO_WEBHOOK_SECRET$/);
    // With them it starts, on local providers and without the production-only settings.
    expect(parseEnv({ ...staging, ...STAGING_SECRETS })).toMatchObject({ appEnv: "staging", ...STAGING_SECRETS, paymentProvider: "local" });
  });

  it("gives each environment the spec's constants", () => {
    expect(ENVIRONMENT_CONSTANTS.production).toEqual({ sessionTimeoutMs: 1_800_000, maxLoginAttempts: 5, apiTimeoutMs: 10_000, apiRetries: 3 });
    expect(ENVIRONMENT_CONSTANTS.staging).toEqual({ sessionTimeoutMs: 3_600_000, maxLoginAttempts: 10, apiTimeoutMs: 15_000, apiRetries: 2 });
    expect(ENVIRONMENT_CONSTANTS.development).toEqual({ sessionTimeoutMs: 86_400_000, maxLoginAttempts: 50, apiTimeoutMs: 30_000, apiRetries: 1 });
  });

  it("accepts a complete production configuration and forces the real providers", () => {
    const config = parseEnv(PRODUCTION);
    expect(config.appEnv).toBe("production");
    expect(config.paymentProvider).toBe("mercadopago");
    expect(config.videoProvider).toBe("daily");
    expect(config.ADMIN_EMAILS).toEqual([]);
  });

  it("refuses production with a secret missing, naming it", () => {
    const { DAILY_API_KEY: _omitted, ...rest } = PRODUCTION;
    expect(() => parseEnv(rest)).toThrowError(new InvalidConfigurationError(["DAILY_API_KEY"]));
    expect(() => parseEnv(rest)).toThrowError(/^Configuração inválida para produção: DAILY_API_KEY$/);
  });

  it("refuses production with placeholder values", () => {
    let error: unknown;
    try {
      parseEnv({ ...PRODUCTION, MERCADOPAGO_PUBLIC_KEY: "your-public-key", SESSION_SECRET: "change-me" });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InvalidConfigurationError);
    expect((error as InvalidConfigurationError).missing).toEqual(["SESSION_SECRET", "MERCADOPAGO_PUBLIC_KEY"]);
  });

  it("refuses production when APP_URL is only the default", () => {
    const { APP_URL: _omitted, ...rest } = PRODUCTION;
    expect(() => parseEnv(rest)).toThrowError(/APP_URL/);
  });

  it("refuses production with no object store, naming what is missing", () => {
    const { S3_BUCKET: _bucket, AWS_ACCESS_KEY_ID: _id, AWS_SECRET_ACCESS_KEY: _secret, ...rest } = PRODUCTION;
    expect(() => parseEnv(rest)).toThrowError(new InvalidConfigurationError(["S3_BUCKET", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"]));
    expect(() => parseEnv({ ...rest, S3_BUCKET: "acolhe-uploads" })).toThrowError(/AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY$/);
  });

  it("accepts production with the object store, under our names or the ones Tigris sets", () => {
    expect(parseEnv(PRODUCTION)).toMatchObject({
      storageProvider: "s3",
      s3: { bucket: "acolhe-uploads", endpoint: undefined, region: "us-east-1", forcePathStyle: false, accessKeyId: "tid_AbCdEf123456" },
    });
    const { S3_BUCKET: _bucket, ...rest } = PRODUCTION;
    const tigris = parseEnv({ ...rest, BUCKET_NAME: "acolhe-tigris", AWS_ENDPOINT_URL_S3: "https://fly.storage.tigris.dev", AWS_REGION: "auto" });
    expect(tigris.storageProvider).toBe("s3");
    expect(tigris.s3).toMatchObject({ bucket: "acolhe-tigris", endpoint: "https://fly.storage.tigris.dev", region: "auto", forcePathStyle: true });
  });

  it("accepts production on local disk only when STORAGE_PROVIDER=local says so (a mounted volume)", () => {
    const { S3_BUCKET: _bucket, AWS_ACCESS_KEY_ID: _id, AWS_SECRET_ACCESS_KEY: _secret, ...rest } = PRODUCTION;
    expect(parseEnv({ ...rest, STORAGE_PROVIDER: "local" }).storageProvider).toBe("local");
  });

  it("keeps uploads on the local disk in development unless a store is configured", () => {
    expect(parseEnv({ APP_ENV: "development" })).toMatchObject({ storageProvider: "local", s3: null });
    expect(parseEnv({ APP_ENV: "development", S3_BUCKET: "b", AWS_ACCESS_KEY_ID: "k", AWS_SECRET_ACCESS_KEY: "s", S3_ENDPOINT: "http://localhost:9000" }).storageProvider).toBe("s3");
    expect(() => parseEnv({ APP_ENV: "development", S3_ENDPOINT: "not a url" })).toThrow();
    // Empty lines copied from .env.example mean "not set".
    expect(parseEnv({ APP_ENV: "development", STORAGE_PROVIDER: "", S3_BUCKET: "", S3_ENDPOINT: "", S3_FORCE_PATH_STYLE: "" })).toMatchObject({ storageProvider: "local", s3: null });
  });

  it("rejects malformed values whatever the environment", () => {
    expect(() => parseEnv({ PORT: "http" })).toThrow();
    expect(() => parseEnv({ APP_URL: "not a url" })).toThrow();
  });
});

describe("isPlaceholder", () => {
  it.each(["<your-token>", "placeholder", "CHANGE_ME", "your_key", "xxxxxx", "TODO", "https://example.com"])("%s is a placeholder", (value) => {
    expect(isPlaceholder(value)).toBe(true);
  });
  it("accepts real-looking values", () => {
    expect(isPlaceholder("APP_USR-1234567890")).toBe(false);
    expect(isPlaceholder(undefined)).toBe(true);
  });
});

describe("the clinical notes' key outside production", () => {
  it("is generated once into the data folder and read back by every later start; tests use a fixed one and write nothing", async () => {
    const { mkdtempSync, existsSync, readFileSync, statSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const path = await import("node:path");
    const data = mkdtempSync(path.join(tmpdir(), "acolhe-env-"));
    const source = { APP_ENV: "development", NODE_ENV: "production", PGLITE_DATA_DIR: path.join(data, "pglite") };
    const first = parseEnv(source).NOTES_ENCRYPTION_KEY;
    expect(first).toMatch(/^dev:[A-Za-z0-9+/]{43}=$/);
    expect(parseEnv(source).NOTES_ENCRYPTION_KEY).toBe(first);
    expect(readFileSync(path.join(data, "notes-encryption.key"), "utf8").trim()).toBe(first);
    expect(statSync(path.join(data, "notes-encryption.key")).mode & 0o777).toBe(0o600);

    const other = mkdtempSync(path.join(tmpdir(), "acolhe-env-"));
    expect(parseEnv({ ...source, PGLITE_DATA_DIR: path.join(other, "pglite") }).NOTES_ENCRYPTION_KEY).not.toBe(first);
    const testOnly = mkdtempSync(path.join(tmpdir(), "acolhe-env-"));
    parseEnv({ NODE_ENV: "test", PGLITE_DATA_DIR: path.join(testOnly, "pglite") });
    expect(existsSync(path.join(testOnly, "notes-encryption.key"))).toBe(false);
  });
});
