import { http, HttpResponse } from "msw";

/**
 * The part of the S3 API the object store uses (PUT, GET, DELETE of one
 * object, path-style: `<endpoint>/<bucket>/<key>`), kept in memory. It
 * outlives the app's modules, as a real bucket outlives a deploy.
 */
export const FAKE_S3_ENDPOINT = "http://s3.test";

export interface FakeObject {
  body: Buffer;
  contentType: string;
}

const notFound = (key: string) =>
  new HttpResponse(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>${key}</Key></Error>`, {
    status: 404,
    headers: { "Content-Type": "application/xml" },
  });

export function fakeS3(bucket: string) {
  const objects = new Map<string, FakeObject>();
  const requests: Array<{ method: string; key: string; authorized: boolean }> = [];
  const url = `${FAKE_S3_ENDPOINT}/${bucket}/*`;
  const keyOf = (request: Request) => decodeURIComponent(new URL(request.url).pathname.slice(`/${bucket}/`.length));
  const seen = (request: Request) => {
    const key = keyOf(request);
    requests.push({ method: request.method, key, authorized: /^AWS4-HMAC-SHA256 Credential=/.test(request.headers.get("authorization") ?? "") });
    return key;
  };
  const handlers = [
    http.put(url, async ({ request }) => {
      const key = seen(request);
      objects.set(key, { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get("content-type") ?? "binary/octet-stream" });
      return new HttpResponse(null, { status: 200, headers: { ETag: '"fake"' } });
    }),
    http.get(url, ({ request }) => {
      const key = seen(request);
      const object = objects.get(key);
      if (!object) return notFound(key);
      return new HttpResponse(new Uint8Array(object.body), { status: 200, headers: { "Content-Type": object.contentType, "Content-Length": String(object.body.length) } });
    }),
    http.delete(url, ({ request }) => {
      objects.delete(seen(request));
      return new HttpResponse(null, { status: 204 });
    }),
  ];
  return { objects, requests, handlers };
}
