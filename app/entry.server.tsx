import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/components/nonce";
import { log, loggableUrl } from "~/utils/logger.server";

const ABORT_DELAY = 5_000;

/**
 * Every page is rendered whole before it is sent (onAllReady): the HTML is
 * complete without JavaScript, and nothing streams in later. So it is sent as
 * one body: React writes it in hundreds of small chunks, and taking each
 * through the web stream, the compressor and the socket on its own cost more
 * than a fifth of a directory request (docs/decisions/022).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? "";
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let abortTimer: ReturnType<typeof setTimeout> | undefined;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          clearTimeout(abortTimer);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          const chunks: Buffer[] = [];
          const page = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
              done();
            },
          });
          pipe(page);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log().error({ err: error }, "render error");
        },
      },
    );
    // Cleared once the page is ready: under load, thousands of idle timers would otherwise wait out their 6 s.
    abortTimer = setTimeout(abort, ABORT_DELAY + 1_000);
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // A refusal Remix answers itself (a POST to a page without an action: 405; no such route: 404) is the
  // visitor's doing, not ours: said at info with its reason, beside the request line; errors stay errors.
  if (isRouteErrorResponse(error) && error.status < 500) {
    const reason = typeof error.data === "string" ? error.data : error.statusText;
    log().info({ status: error.status, method: request.method, url: loggableUrl(request.url), reason }, "request refused");
    return;
  }
  log().error({ err: error, url: loggableUrl(request.url) }, "unhandled error");
}
