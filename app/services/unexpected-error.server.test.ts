import { data, redirect } from "@remix-run/node";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { withRequestLogger } from "~/utils/logger.server";
import { answerUnexpected, UNEXPECTED_STATUS } from "./unexpected-error.server";

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) }).child({ requestId: "req-1" });
  return { lines, run: <T>(work: () => Promise<T>) => withRequestLogger(logger, work) };
}

const reply = () => ({ status: "error" as const, error: { "": ["Erro ao atualizar perfil"] } });

describe("answerUnexpected", () => {
  it("returns what the work returns, known refusals included, and logs nothing", async () => {
    const { lines, run } = capture();
    const refusal = data({ status: "error" }, { status: 409 });
    expect(await run(() => answerUnexpected("profile", async () => refusal, reply))).toBe(refusal);
    expect(lines).toEqual([]);
  });

  it("lets responses thrown on purpose through: redirects, 404s, thrown data()", async () => {
    const { lines, run } = capture();
    for (const thrown of [redirect("/login"), new Response("Not Found", { status: 404 }), data({ x: 1 }, { status: 403 })]) {
      await expect(run(() => answerUnexpected("profile", () => Promise.reject(thrown), reply))).rejects.toBe(thrown);
    }
    expect(lines).toEqual([]);
  });

  it("answers anything else with the reply and status 500, logged at error level with the request id", async () => {
    const { lines, run } = capture();
    const answer = await run(() => answerUnexpected("profile", () => Promise.reject(new Error("connection refused")), reply));
    expect(answer).toMatchObject({ data: reply(), init: { status: UNEXPECTED_STATUS } });
    expect(UNEXPECTED_STATUS).toBe(500);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, requestId: "req-1", form: "profile", err: { message: "connection refused" } });
  });
});
