import { Writable } from "node:stream";
import pino from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError } from "~/entry.server";
import { logger, withRequestLogger } from "~/utils/logger.server";
import { formPost, page, send } from "#tests/helpers/app";
import { createUser, signedIn } from "#tests/helpers/factories";

/**
 * What reaches the logs at error level: errors, with the request id; never
 * a refusal Remix answers itself (a POST to a page without an action is a
 * 405, an unknown address a 404), which the request line already records.
 */

interface Line {
  level: number;
  msg: string;
  requestId?: string;
  status?: number;
  err?: { message: string };
}

/** Every log line of the requests sent meanwhile, as pino writes them. */
function captureLogs(): Line[] {
  const lines: Line[] = [];
  const sink = pino(
    { level: "trace", base: null },
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)) as Line);
        done();
      },
    }),
  );
  vi.spyOn(logger, "child").mockImplementation((bindings) => sink.child(bindings));
  return lines;
}

const ERROR = 50;
const WARN = 40;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("error logs", () => {
  it("a POST to a page without an action is a 405, logged below error level", async () => {
    const lines = captureLogs();
    const psychologist = await signedIn(await createUser({ role: "psychologist" }));
    const response = await send(formPost("/psychologist-dashboard", { anything: "x" }, { Cookie: psychologist.header() }), { requestId: "req-405" });
    expect(response.status).toBe(405);
    const missing = await send(page("/nao-existe-esta-pagina"), { requestId: "req-404" });
    expect(missing.status).toBe(404);
    expect(lines.filter((line) => line.level >= ERROR)).toEqual([]);
    // Still said, with the request id, as what it is.
    expect(lines.some((line) => line.requestId === "req-405" && line.status === 405 && line.level <= WARN)).toBe(true);
  });

  it("a real error is still logged at error level with the request id", () => {
    const lines = captureLogs();
    withRequestLogger(logger.child({ requestId: "req-500" }), () => handleError(new Error("boom"), { request: new Request("http://localhost:3000/psychologist-dashboard") }));
    expect(lines).toEqual([expect.objectContaining({ level: ERROR, requestId: "req-500", msg: "unhandled error", err: expect.objectContaining({ message: "boom" }) })]);
  });
});
