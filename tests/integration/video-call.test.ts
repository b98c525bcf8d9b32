import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { resetVideoProvider } from "~/providers/video.server";
import { createDailyVideoProvider } from "~/providers/video.daily.server";
import { verifyLocalMeetingToken } from "~/providers/video.local.server";
import { loader } from "~/routes/_account.appointment.videocall.$appointmentId";
import { env } from "~/utils/env.server";
import { createAppointment, createPair, HOUR, MINUTE } from "#tests/helpers/appointments";
import { createUser, signedIn } from "#tests/helpers/factories";
import { body, getRequest, location, run, type CookieJar } from "#tests/helpers/http";

/**
 * The video call page through its loader, with the clock held still: the
 * spec's checks in order, the window (opens 15 min before, closes 15 min
 * after the end), and a meeting token minted per person.
 */

const path = (id: string) => `/appointment/videocall/${id}`;

// A fixed start two hours from the real now (sessions are real rows with real expiries).
const START = new Date(Math.ceil((Date.now() + 2 * HOUR) / MINUTE) * MINUTE);
const END = new Date(START.getTime() + 50 * MINUTE);

/** Opens the page at a given instant; `extraCookie` is added to the session's (e.g. the browser's `tz`). */
async function open(id: string, jar: CookieJar, at: Date, extraCookie?: string) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(at);
  try {
    const request = extraCookie ? getRequest(path(id), undefined, { Cookie: `${jar.header()}; ${extraCookie}` }) : getRequest(path(id), jar);
    return await run(loader, request, { appointmentId: id });
  } finally {
    vi.useRealTimers();
  }
}

async function setup(options: { status?: "confirmed" | "pending_payment" | "cancelled"; room?: boolean } = {}) {
  const pair = await createPair();
  const id = await createAppointment({
    patientId: pair.patient.id,
    psychologistId: pair.psychologist.psychologistId,
    startsAt: START,
    status: options.status ?? "confirmed",
    room: options.room ?? true,
  });
  return { ...pair, id, patientJar: await signedIn(pair.patient), psychologistJar: await signedIn(pair.psychologist) };
}

afterEach(() => {
  vi.useRealTimers();
  resetVideoProvider();
});

describe("video call access, checked in order", () => {
  it("sends a visitor to sign in and back to the call", async () => {
    const response = await run(loader, getRequest(path("3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69")), { appointmentId: "3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69" });
    expect(location(response)).toBe(`/login?redirectTo=${encodeURIComponent(path("3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69"))}`);
  });

  it("answers 'Consulta não encontrada' for an unknown or malformed id", async () => {
    const jar = await signedIn(await createUser());
    for (const id of ["3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69", "not-a-uuid"]) {
      const view = (await body(await open(id, jar, START))).view;
      expect(view).toMatchObject({ kind: "denied", reason: "not_found", message: "Consulta não encontrada", dashboardUrl: "/patient-dashboard" });
    }
  });

  it("refuses strangers — another patient, another psychologist, the admin — with the spec's message", async () => {
    const { id } = await setup();
    for (const role of ["patient", "psychologist", "admin"] as const) {
      const jar = await signedIn(await createUser({ role }));
      const response = await open(id, jar, START);
      expect(response.status).toBe(200);
      const { view } = await body(response);
      expect(view.kind).toBe("denied");
      expect(view.message).toBe("Você não tem permissão para acessar esta consulta");
      expect(JSON.stringify(view)).not.toContain("token");
    }
  });

  it("lets only confirmed appointments in, then needs the room", async () => {
    const pending = await setup({ status: "pending_payment" });
    expect((await body(await open(pending.id, pending.patientJar, START))).view.message).toBe("Apenas consultas confirmadas podem ser acessadas");

    const roomless = await setup({ room: false });
    const view = (await body(await open(roomless.id, roomless.patientJar, START))).view;
    expect(view).toMatchObject({ reason: "no_room", message: "Link de videochamada não disponível", recheckInMs: 60_000 });
  });

  it("opens 15 minutes before the start and closes 15 minutes after the end", async () => {
    const { id, patientJar } = await setup();
    const at = (minutesFromStart: number) => new Date(START.getTime() + minutesFromStart * MINUTE);

    const early = (await body(await open(id, patientJar, at(-16)))).view;
    expect(early).toMatchObject({ kind: "denied", reason: "too_early", secondsUntilOpen: 60 });
    const opens = new Intl.DateTimeFormat("pt-BR", { hour: "2-digit", minute: "2-digit", timeZone: "America/Sao_Paulo" }).format(at(-15));
    const day = new Intl.DateTimeFormat("pt-BR", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "America/Sao_Paulo" }).format(at(-15));
    expect(early.message).toBe(`Acesso liberado a partir de ${opens} do dia ${day}`);
    // It looks again when the window opens (within the spec's 60 s).
    expect(early.recheckInMs).toBe(60_000);

    for (const minutes of [-15, 0, 50 + 15]) {
      const view = (await body(await open(id, patientJar, at(minutes)))).view;
      expect(view.kind, `${minutes} min from the start`).toBe("allowed");
    }

    const late = (await body(await open(id, patientJar, at(50 + 16)))).view;
    expect(late).toMatchObject({ kind: "denied", reason: "expired", message: "O horário de acesso à consulta expirou", recheckInMs: null });
  });

  it("says when to come back in the viewer's own zone (profile, else the browser's cookie)", async () => {
    const { id, patient, patientJar } = await setup();
    const early = new Date(START.getTime() - 60 * MINUTE);
    const lisbon = (date: Date, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("pt-BR", { ...options, timeZone: "Europe/Lisbon" }).format(date);
    const opens = new Date(START.getTime() - 15 * MINUTE);
    const expected = `Acesso liberado a partir de ${lisbon(opens, { hour: "2-digit", minute: "2-digit" })} do dia ${lisbon(opens, { day: "2-digit", month: "2-digit", year: "numeric" })}`;

    const fromCookie = (await body(await open(id, patientJar, early, "tz=Europe%2FLisbon"))).view;
    expect(fromCookie.message).toBe(expected);
    // A cookie that is not a zone is ignored.
    const bogus = (await body(await open(id, patientJar, early, "tz=Mars%2FOlympus"))).view;
    expect(bogus.message).not.toBe(expected);

    const { db } = await import("~/models/db.server");
    await db.updateTable("profiles").set({ time_zone: "Europe/Lisbon" }).where("id", "=", patient.id).execute();
    expect((await body(await open(id, patientJar, early))).view.message).toBe(expected);
  });

  it("mints a meeting token per person: the psychologist owns the room, each under their own name", async () => {
    const { id, patientJar, psychologistJar } = await setup();
    const now = new Date(START.getTime() - 5 * MINUTE);
    const secret = env().SESSION_SECRET;

    const patientView = (await body(await open(id, patientJar, now))).view;
    expect(patientView).toMatchObject({
      kind: "allowed",
      provider: "local",
      viewerRole: "patient",
      selfName: "Paula Pereira",
      counterpartName: "Dra. Helena Prado",
      canMarkNoShow: false,
      dashboardUrl: "/patient-dashboard",
    });
    const patientToken = verifyLocalMeetingToken(patientView.token, secret, now);
    expect(patientToken).toMatchObject({ roomName: `acolhe-${id}`, userName: "Paula Pereira", isOwner: false });
    // Short-lived: it ends when the room closes (15 minutes after the end).
    expect(patientToken!.expiresAt.getTime()).toBe(END.getTime() + 15 * MINUTE);

    const psychologistResponse = await open(id, psychologistJar, now);
    expect(psychologistResponse.headers.get("Cache-Control")).toContain("no-store");
    const psychologistView = (await body(psychologistResponse)).view;
    expect(psychologistView).toMatchObject({ viewerRole: "psychologist", selfName: "Dra. Helena Prado", counterpartName: "Paula Pereira", dashboardUrl: "/psychologist-dashboard" });
    expect(verifyLocalMeetingToken(psychologistView.token, secret, now)).toMatchObject({ isOwner: true, userName: "Dra. Helena Prado" });

    // After the start, the psychologist may mark the patient absent.
    expect((await body(await open(id, psychologistJar, new Date(START.getTime() + MINUTE)))).view.canMarkNoShow).toBe(true);
  });

  it("shows the call's date and time in the viewer's zone, naming the zone only when it differs from the psychologist's", async () => {
    const { id, patient, patientJar } = await setup();
    const now = new Date(START.getTime() - 5 * MINUTE);
    const same = (await body(await open(id, patientJar, now))).view;
    expect(same.zone).toBeNull();
    expect(same.startTime).toBe(new Intl.DateTimeFormat("pt-BR", { hour: "2-digit", minute: "2-digit", timeZone: "America/Sao_Paulo" }).format(START));

    const { db } = await import("~/models/db.server");
    await db.updateTable("profiles").set({ time_zone: "Asia/Tokyo" }).where("id", "=", patient.id).execute();
    const tokyo = (await body(await open(id, patientJar, now))).view;
    expect(tokyo.startTime).toBe(new Intl.DateTimeFormat("pt-BR", { hour: "2-digit", minute: "2-digit", timeZone: "Asia/Tokyo" }).format(START));
    expect(tokyo.zone).toMatch(/Japão/);
  });
});

describe("with Daily", () => {
  const API = "https://daily.test/v1";
  const KEY = "daily-api-key-that-must-stay-on-the-server";
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  it("asks Daily for the token with the server's key and never puts the key in the page", async () => {
    const seen: Array<{ auth: string | null; body: any }> = [];
    server.use(
      http.post(`${API}/meeting-tokens`, async ({ request }) => {
        seen.push({ auth: request.headers.get("authorization"), body: await request.json() });
        return HttpResponse.json({ token: "daily-meeting-token" });
      }),
    );
    resetVideoProvider(createDailyVideoProvider({ apiKey: KEY, apiUrl: API, timeoutMs: 2000, retries: 0, retryDelayMs: 0 }));
    const { id, psychologistJar } = await setup();
    const response = await open(id, psychologistJar, new Date(START.getTime() - 10 * MINUTE));
    const text = await response.text();
    expect(text).not.toContain(KEY);
    expect(JSON.parse(text).view).toMatchObject({ kind: "allowed", provider: "daily", token: "daily-meeting-token" });
    expect(seen).toEqual([
      {
        auth: `Bearer ${KEY}`,
        body: {
          properties: {
            room_name: `acolhe-${id}`,
            user_name: "Dra. Helena Prado",
            is_owner: true,
            exp: Math.floor((END.getTime() + 15 * MINUTE) / 1000),
            eject_at_token_exp: true,
          },
        },
      },
    ]);
  });

  it("shows 'Erro ao carregar dados da consulta' when Daily cannot mint the token", async () => {
    server.use(http.post(`${API}/meeting-tokens`, () => HttpResponse.json({ error: "server-error" }, { status: 503 })));
    resetVideoProvider(createDailyVideoProvider({ apiKey: KEY, apiUrl: API, timeoutMs: 2000, retries: 0, retryDelayMs: 0 }));
    const { id, patientJar } = await setup();
    const view = (await body(await open(id, patientJar, START))).view;
    expect(view).toEqual({ kind: "failed", message: "Erro ao carregar dados da consulta", dashboardUrl: "/patient-dashboard" });
  });
});
