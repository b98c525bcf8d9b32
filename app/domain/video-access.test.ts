import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { AppointmentStatus } from "./appointment-status";
import {
  VIDEO_RECHECK_INTERVAL_MS,
  checkVideoAccess,
  liveVideoCardState,
  nextRecheckDelay,
  secondsUntilOpen,
  videoCardState,
  videoWindow,
  videoWindowPhase,
  type VideoAccessAppointment,
  type VideoAccessReason,
  type VideoAccessInput,
} from "./video-access";

const MIN = 60_000;
const PATIENT = "11111111-1111-4111-8111-111111111111";
const PSYCHOLOGIST_USER = "22222222-2222-4222-8222-222222222222";
const STRANGER = "33333333-3333-4333-8333-333333333333";
const APPOINTMENT_ID = "44444444-4444-4444-8444-444444444444";

// 14:00 in São Paulo (UTC−3), 50 minutes.
const START = new Date("2025-03-10T17:00:00.000Z");
const END = new Date(START.getTime() + 50 * MIN);
const at = (base: Date, minutes: number, ms = 0) => new Date(base.getTime() + minutes * MIN + ms);

function appointment(overrides: Partial<VideoAccessAppointment> = {}): VideoAccessAppointment {
  return {
    patientId: PATIENT,
    psychologistUserId: PSYCHOLOGIST_USER,
    status: "confirmed",
    startsAt: START,
    endsAt: END,
    videoRoomName: `acolhe-${APPOINTMENT_ID}`,
    videoRoomUrl: `https://acolhe.daily.co/acolhe-${APPOINTMENT_ID}`,
    ...overrides,
  };
}

function check(overrides: Partial<VideoAccessInput> = {}) {
  return checkVideoAccess({
    viewerUserId: PATIENT,
    appointmentId: APPOINTMENT_ID,
    appointment: appointment(),
    now: START,
    ...overrides,
  });
}

const reasonOf = (result: ReturnType<typeof check>) => (result.allowed ? "allowed" : result.reason);

describe("videoWindow", () => {
  it("opens 15 minutes before the start and closes 15 minutes after the end", () => {
    const window = videoWindow(START, END);
    expect(window.opensAt.toISOString()).toBe("2025-03-10T16:45:00.000Z");
    expect(window.closesAt.toISOString()).toBe("2025-03-10T18:05:00.000Z");
    expect(window.startsAt).toBe(START);
    expect(window.endsAt).toBe(END);
  });
});

describe("videoWindowPhase", () => {
  it.each([
    ["16 min before the start", at(START, -16), "early"],
    ["15 min and 1 ms before the start", at(START, -15, -1), "early"],
    ["exactly 15 min before the start", at(START, -15), "available"],
    ["1 min before the start", at(START, -1), "available"],
    ["1 ms before the start", at(START, 0, -1), "available"],
    ["the start", START, "in_progress"],
    ["the end", END, "in_progress"],
    ["exactly 15 min after the end", at(END, 15), "in_progress"],
    ["15 min and 1 ms after the end", at(END, 15, 1), "expired"],
    ["16 min after the end", at(END, 16), "expired"],
  ] as const)("%s is %s", (_label, now, phase) => {
    expect(videoWindowPhase(now, START, END)).toBe(phase);
  });

  it("measures the close from the end, not from the start", () => {
    const longEnd = at(START, 60);
    expect(videoWindowPhase(at(START, 70), START, longEnd)).toBe("in_progress");
    expect(videoWindowPhase(at(START, 76), START, longEnd)).toBe("expired");
  });
});

describe("secondsUntilOpen", () => {
  it("counts down to 15 minutes before the start", () => {
    expect(secondsUntilOpen(at(START, -16), START)).toBe(60);
    expect(secondsUntilOpen(at(START, -75), START)).toBe(3600);
  });

  it("rounds up partial seconds so the countdown does not reach 0 before the room opens", () => {
    expect(secondsUntilOpen(at(START, -15, -1), START)).toBe(1);
    expect(secondsUntilOpen(at(START, -15, -1500), START)).toBe(2);
  });

  it("is 0 once the room is open and afterwards", () => {
    expect(secondsUntilOpen(at(START, -15), START)).toBe(0);
    expect(secondsUntilOpen(at(END, 30), START)).toBe(0);
  });
});

describe("nextRecheckDelay", () => {
  it("waits the spec's 60 s when no phase change is near", () => {
    expect(nextRecheckDelay(at(START, -120), START, END)).toBe(VIDEO_RECHECK_INTERVAL_MS);
    expect(nextRecheckDelay(at(START, 10), START, END)).toBe(60_000);
  });

  it("wakes exactly when the room opens if that comes first", () => {
    expect(nextRecheckDelay(at(START, -15, -20_000), START, END)).toBe(20_000);
    expect(nextRecheckDelay(at(START, -15, -1), START, END)).toBe(1);
  });

  it("wakes at the start while available", () => {
    expect(nextRecheckDelay(at(START, 0, -5_000), START, END)).toBe(5_000);
  });

  it("wakes just after the window closes while in progress", () => {
    expect(nextRecheckDelay(at(END, 15, -30_000), START, END)).toBe(30_001);
    expect(nextRecheckDelay(at(END, 15), START, END)).toBe(1);
    // That wake-up lands in 'expired'.
    expect(videoWindowPhase(at(END, 15, 1), START, END)).toBe("expired");
  });

  it("stops once expired", () => {
    expect(nextRecheckDelay(at(END, 16), START, END)).toBeNull();
  });
});

describe("checkVideoAccess: the window", () => {
  it.each([
    [-16, "too_early"],
    [-15, "allowed"],
    [0, "allowed"],
    [50 + 15, "allowed"],
    [50 + 16, "expired"],
  ] as const)("at %i minutes from the start: %s", (minutes, expected) => {
    expect(reasonOf(check({ now: at(START, minutes) }))).toBe(expected);
  });

  it("refuses one millisecond before opening and after closing", () => {
    expect(reasonOf(check({ now: at(START, -15, -1) }))).toBe("too_early");
    expect(reasonOf(check({ now: at(END, 15, 1) }))).toBe("expired");
  });

  it("gives the opening instant when too early, for the caller to format", () => {
    const result = check({ now: at(START, -60) });
    expect(result).toEqual({ allowed: false, reason: "too_early", opensAt: at(START, -15) });
  });

  it("returns the window, the room and the viewer's role when allowed", () => {
    const result = check({ now: at(START, -5) });
    expect(result).toEqual({
      allowed: true,
      window: videoWindow(START, END),
      viewerRole: "patient",
      roomName: `acolhe-${APPOINTMENT_ID}`,
      roomUrl: `https://acolhe.daily.co/acolhe-${APPOINTMENT_ID}`,
    });
  });

  it("lets the psychologist's user in as psychologist", () => {
    const result = check({ viewerUserId: PSYCHOLOGIST_USER });
    expect(result.allowed && result.viewerRole).toBe("psychologist");
  });
});

describe("checkVideoAccess: each check", () => {
  it.each([
    ["no viewer", { viewerUserId: null }],
    ["an empty viewer", { viewerUserId: "" }],
    ["no appointment id", { appointmentId: undefined }],
    ["an empty appointment id", { appointmentId: "" }],
  ] as const)("%s → not authenticated", (_label, overrides) => {
    expect(reasonOf(check(overrides))).toBe("not_authenticated");
  });

  it("an unknown appointment → not found", () => {
    expect(reasonOf(check({ appointment: null }))).toBe("not_found");
    expect(reasonOf(check({ appointment: undefined }))).toBe("not_found");
  });

  it("a stranger → forbidden", () => {
    expect(reasonOf(check({ viewerUserId: STRANGER }))).toBe("forbidden");
  });

  it("a psychologist whose account is gone matches nobody", () => {
    const orphan = appointment({ psychologistUserId: null });
    expect(reasonOf(check({ viewerUserId: STRANGER, appointment: orphan }))).toBe("forbidden");
    expect(reasonOf(check({ viewerUserId: PATIENT, appointment: orphan }))).toBe("allowed");
  });

  it.each(["pending_payment", "pending", "scheduled", "pending_reschedule", "completed", "cancelled", "no_show"] as const)(
    "status %s → not confirmed",
    (status: AppointmentStatus) => {
      expect(reasonOf(check({ appointment: appointment({ status }) }))).toBe("not_confirmed");
    },
  );

  it.each([
    ["no url", { videoRoomUrl: null }],
    ["no room name", { videoRoomName: null }],
    ["a blank url", { videoRoomUrl: "  " }],
    ["neither", { videoRoomName: null, videoRoomUrl: null }],
  ] as const)("%s → no room", (_label, overrides) => {
    expect(reasonOf(check({ appointment: appointment(overrides) }))).toBe("no_room");
  });
});

describe("checkVideoAccess: the order of the checks", () => {
  const early = at(START, -60);
  const late = at(END, 60);

  it("no viewer wins over a missing appointment", () => {
    expect(reasonOf(check({ viewerUserId: null, appointment: null }))).toBe("not_authenticated");
  });

  it("a stranger on an unconfirmed appointment gets the permission message, not the status one", () => {
    expect(reasonOf(check({ viewerUserId: STRANGER, appointment: appointment({ status: "pending_payment" }) }))).toBe(
      "forbidden",
    );
  });

  it("a stranger outside the window without a room is still just forbidden", () => {
    const bare = appointment({ status: "cancelled", videoRoomName: null, videoRoomUrl: null });
    expect(reasonOf(check({ viewerUserId: STRANGER, appointment: bare, now: late }))).toBe("forbidden");
  });

  it("status comes before the missing room", () => {
    const result = check({ appointment: appointment({ status: "pending", videoRoomUrl: null }) });
    expect(reasonOf(result)).toBe("not_confirmed");
  });

  it("status comes before the window", () => {
    expect(reasonOf(check({ appointment: appointment({ status: "completed" }), now: late }))).toBe("not_confirmed");
    expect(reasonOf(check({ appointment: appointment({ status: "pending_payment" }), now: early }))).toBe("not_confirmed");
  });

  it("the missing room comes before the window", () => {
    expect(reasonOf(check({ appointment: appointment({ videoRoomUrl: null }), now: early }))).toBe("no_room");
    expect(reasonOf(check({ appointment: appointment({ videoRoomUrl: null }), now: late }))).toBe("no_room");
  });
});

describe("messages", () => {
  // The page and the dashboard read these from the shipped pt-BR texts: the spec's exact wording per reason.
  const video = JSON.parse(readFileSync(new URL("../../public/locales/pt-BR/video.json", import.meta.url), "utf8"));
  const appointments = JSON.parse(readFileSync(new URL("../../public/locales/pt-BR/appointments.json", import.meta.url), "utf8"));

  it("keeps the spec's exact wording per denial reason", () => {
    expect(video.reasons).toEqual({
      not_authenticated: "Usuário não autenticado ou consulta não especificada",
      not_found: "Consulta não encontrada",
      forbidden: "Você não tem permissão para acessar esta consulta",
      not_confirmed: "Apenas consultas confirmadas podem ser acessadas",
      no_room: "Link de videochamada não disponível",
      too_early: "Acesso liberado a partir de {{time}} do dia {{date}}",
      expired: "O horário de acesso à consulta expirou",
    } satisfies Record<VideoAccessReason, string>);
  });

  it("keeps the spec's card hints", () => {
    expect(appointments.card.notConfirmedVideo).toBe("Videochamada disponível apenas para consultas confirmadas");
    expect(appointments.card.autoLink).toBe("Link da videochamada será gerado automaticamente");
  });
});

describe("videoCardState", () => {
  it("hints for unconfirmed appointments and missing links, then follows the window", () => {
    const base = { status: "confirmed" as const, startsAt: START, endsAt: END, videoRoomUrl: "https://x.daily.co/r" };
    expect(videoCardState({ ...base, status: "pending_payment" }, START)).toBe("not_confirmed");
    expect(videoCardState({ ...base, videoRoomUrl: null }, START)).toBe("no_link");
    expect(videoCardState(base, at(START, -30))).toBe("early");
    expect(videoCardState(base, at(START, -10))).toBe("available");
    expect(videoCardState(base, at(START, 10))).toBe("in_progress");
    expect(videoCardState(base, at(END, 20))).toBe("expired");
  });
});

describe("liveVideoCardState", () => {
  const card = { state: "early" as const, startsAt: START, endsAt: END };
  const opensAt = at(START, -15).getTime();

  it("opens on the server's clock, at the window's start, and says when to look again", () => {
    expect(liveVideoCardState(card, opensAt - 16 * MIN, 0)).toEqual({ state: "early", recheckInMs: VIDEO_RECHECK_INTERVAL_MS });
    expect(liveVideoCardState(card, opensAt - 30_000, 0)).toEqual({ state: "early", recheckInMs: 30_000 });
    expect(liveVideoCardState(card, opensAt - 1, 0).state).toBe("early");
    expect(liveVideoCardState(card, opensAt, 0).state).toBe("available");
    expect(liveVideoCardState(card, START.getTime(), 0).state).toBe("in_progress");
    expect(liveVideoCardState(card, at(END, 15, 1).getTime(), 0)).toEqual({ state: "expired", recheckInMs: null });
  });

  it("corrects a browser clock that runs late or early by the server's offset", () => {
    // The phone is 5 minutes behind: at its 13:40 the server's clock says 13:45, the room is open.
    expect(liveVideoCardState(card, opensAt - 5 * MIN, 5 * MIN).state).toBe("available");
    // The phone is 5 minutes ahead: its 13:49:20 is the server's 13:44:20, 40 s before the room opens.
    expect(liveVideoCardState(card, opensAt + 4 * MIN + 20_000, -5 * MIN)).toEqual({ state: "early", recheckInMs: 40_000 });
  });

  it("leaves the hints of unconfirmed appointments and missing links alone", () => {
    expect(liveVideoCardState({ ...card, state: "not_confirmed" }, START.getTime(), 0)).toEqual({ state: "not_confirmed", recheckInMs: null });
    expect(liveVideoCardState({ ...card, state: "no_link" }, START.getTime(), 0)).toEqual({ state: "no_link", recheckInMs: null });
  });
});
