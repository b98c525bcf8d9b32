import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import type { S3Settings } from "~/utils/env.server";
import { assertStorageKey, StorageError, type ObjectStore } from "./storage.contract.server";

/**
 * An S3-compatible object store (Tigris on Fly, AWS S3, MinIO). Objects are
 * private: the app serves them at /uploads/… (no public bucket needed).
 * Configured by the settings env.server.ts reads, with how long and how often to try.
 */
export interface S3StoreConfig extends S3Settings {
  timeoutMs: number;
  maxAttempts: number;
}

export function createS3Store(config: S3StoreConfig): ObjectStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    maxAttempts: config.maxAttempts,
    requestHandler: { connectionTimeout: config.timeoutMs, requestTimeout: config.timeoutMs },
    // Checksums only where the API demands them: S3-compatible stores differ in the newer ones.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = config.bucket;
  const failure = (action: string, key: string, error: unknown) => {
    const status = error instanceof S3ServiceException ? ` (${error.name}, HTTP ${error.$metadata.httpStatusCode ?? "?"})` : ` (${(error as Error)?.message ?? error})`;
    return new StorageError(`Object storage could not ${action} ${key} in bucket ${Bucket}${status}`, { cause: error });
  };
  return {
    name: "s3",
    async put(key, body, contentType) {
      assertStorageKey(key);
      try {
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, CacheControl: "public, max-age=31536000, immutable" }));
      } catch (error) {
        throw failure("store", key, error);
      }
    },
    async get(key) {
      assertStorageKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        return { body: Buffer.from(await object.Body.transformToByteArray()), contentType: object.ContentType ?? "application/octet-stream" };
      } catch (error) {
        if (error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.$metadata.httpStatusCode === 404)) return null;
        throw failure("read", key, error);
      }
    },
    async remove(key) {
      assertStorageKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return;
        throw failure("remove", key, error);
      }
    },
  };
}
