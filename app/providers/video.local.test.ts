import { describe, expect, it } from "vitest";
import { createLocalVideoProvider, verifyLocalMeetingToken } from "./video.local.server";

const SECRET = "test-session-secret";
const APPOINTMENT_ID = "6f1c2b8e-3a4d-4e5f-9a0b-1c2d3e4f5a6b";
const ROOM = `acolhe-${APPOINTMENT_ID}`;
const startsAt = new Date("2025-04-01T17:00:00.000Z");
const endsAt = new Date("2025-04-01T17:50:00.000Z");
const expiresAt = new Date("2025-04-01T18:05:00.000Z");

const provider = createLocalVideoProvider({ appUrl: "http://localhost:3000/", secret: SECRET });

describe("local video provider", () => {
  it("is named local", () => {
    expect(provider.name).toBe("local");
  });

  it("makes the appointment's own call page the room", async () => {
    await expect(provider.createRoom({ appointmentId: APPOINTMENT_ID, startsAt, endsAt })).resolves.toEqual({
      name: ROOM,
      url: `http://localhost:3000/appointment/videocall/${APPOINTMENT_ID}`,
    });
  });

  it("gives the same room for the same appointment", async () => {
    const first = await provider.createRoom({ appointmentId: APPOINTMENT_ID, startsAt, endsAt });
    const again = await provider.createRoom({ appointmentId: APPOINTMENT_ID, startsAt: endsAt, endsAt: expiresAt });
    expect(again).toEqual(first);
  });

  it("refuses an id that cannot make a room name", async () => {
    await expect(provider.createRoom({ appointmentId: "a b", startsAt, endsAt })).rejects.toThrow();
  });

  it("has nothing to update or delete", async () => {
    await expect(provider.updateRoomTimes(ROOM, { startsAt, endsAt })).resolves.toBeUndefined();
    await expect(provider.deleteRoom(ROOM)).resolves.toBeUndefined();
  });
});

describe("local meeting tokens", () => {
  const input = { roomName: ROOM, userName: "Dra. Helena Souza", isOwner: true, expiresAt };
  const before = new Date(expiresAt.getTime() - 60_000);

  it("is a short signed string that round-trips", async () => {
    const token = await provider.createMeetingToken(input);
    expect(token).toMatch(/^local\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(token.length).toBeLessThan(250);
    expect(verifyLocalMeetingToken(token, SECRET, before)).toEqual(input);
  });

  it("carries the guest flag", async () => {
    const token = await provider.createMeetingToken({ ...input, isOwner: false, userName: "Ana" });
    expect(verifyLocalMeetingToken(token, SECRET, before)).toMatchObject({ isOwner: false, userName: "Ana" });
  });

  it("expires at its expiry second", async () => {
    const token = await provider.createMeetingToken(input);
    expect(verifyLocalMeetingToken(token, SECRET, new Date(expiresAt.getTime() - 1))).not.toBeNull();
    expect(verifyLocalMeetingToken(token, SECRET, expiresAt)).toBeNull();
  });

  it("is refused under another secret", async () => {
    const token = await provider.createMeetingToken(input);
    expect(verifyLocalMeetingToken(token, "another-secret", before)).toBeNull();
  });

  it("is refused when its content is changed", async () => {
    const token = await provider.createMeetingToken(input);
    const [prefix, , signature] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ r: ROOM, u: "Intruso", o: true, e: 9_999_999_999 })).toString("base64url");
    expect(verifyLocalMeetingToken(`${prefix}.${forged}.${signature}`, SECRET, before)).toBeNull();
  });

  it.each(["", "local", "local..", "daily.abc.def", "local.abc.def.ghi", "local.!!!.x"])("refuses the malformed %j", (token) => {
    expect(verifyLocalMeetingToken(token, SECRET, before)).toBeNull();
  });
});
