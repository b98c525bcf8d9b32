import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FAKE_S3_ENDPOINT, fakeS3 } from "#tests/helpers/fake-s3";
import { StorageError } from "./storage.contract.server";
import { createS3Store } from "./storage.s3.server";

/** The S3 store against an msw fake of the S3 API (path-style, as MinIO and Tigris take it). */
const BUCKET = "acolhe-uploads";
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const store = () =>
  createS3Store({ bucket: BUCKET, endpoint: FAKE_S3_ENDPOINT, region: "auto", accessKeyId: "test-key", secretAccessKey: "test-secret", forcePathStyle: true, timeoutMs: 2_000, maxAttempts: 1 });

describe("the S3 store", () => {
  it("puts, gets and removes an object, signing every request", async () => {
    const s3 = fakeS3(BUCKET);
    server.use(...s3.handlers);
    await store().put("photos/abc-512.webp", Buffer.from("webp bytes"), "image/webp");
    expect(s3.objects.get("photos/abc-512.webp")).toEqual({ body: Buffer.from("webp bytes"), contentType: "image/webp" });
    expect(await store().get("photos/abc-512.webp")).toEqual({ body: Buffer.from("webp bytes"), contentType: "image/webp" });
    await store().remove("photos/abc-512.webp");
    expect(s3.objects.size).toBe(0);
    expect(s3.requests.map(({ method, key }) => `${method} ${key}`)).toEqual(["PUT photos/abc-512.webp", "GET photos/abc-512.webp", "DELETE photos/abc-512.webp"]);
    expect(s3.requests.every((request) => request.authorized)).toBe(true);
  });

  it("answers null for a missing object", async () => {
    server.use(...fakeS3(BUCKET).handlers);
    expect(await store().get("photos/none-512.webp")).toBeNull();
  });

  it("turns a store's failure into a StorageError that says what failed where", async () => {
    const denied = () =>
      new HttpResponse(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>`, { status: 403, headers: { "Content-Type": "application/xml" } });
    server.use(http.put(`${FAKE_S3_ENDPOINT}/${BUCKET}/*`, denied), http.get(`${FAKE_S3_ENDPOINT}/${BUCKET}/*`, () => HttpResponse.error()));
    const put = store().put("avatars/a-96.webp", Buffer.from("x"), "image/webp");
    await expect(put).rejects.toBeInstanceOf(StorageError);
    await expect(put).rejects.toThrow(/could not store avatars\/a-96\.webp in bucket acolhe-uploads \(AccessDenied, HTTP 403\)/);
    await expect(store().get("avatars/a-96.webp")).rejects.toThrow(/could not read avatars\/a-96\.webp/);
  });

  it("refuses keys that are not ours before any request", async () => {
    await expect(store().put("../secrets.png", Buffer.from("x"), "image/png")).rejects.toBeInstanceOf(StorageError);
  });
});
