import { describe, expect, it } from "vitest";
import {
  INVITE_PRODUCT_ID,
  buildCalendarCancellation,
  buildCalendarInvite,
  inviteSequence,
  inviteUid,
  type CalendarInviteInput,
} from "./calendar-invite";

const APPOINTMENT_ID = "6f1c2b8e-3a4d-4e5f-9a0b-1c2d3e4f5a6b";
const VIDEO_URL = `https://acolhe.com.br/appointment/videocall/${APPOINTMENT_ID}`;

const input: CalendarInviteInput = {
  appointmentId: APPOINTMENT_ID,
  // 14:00–14:50 in São Paulo.
  startsAt: new Date("2025-04-01T17:00:00.000Z"),
  endsAt: new Date("2025-04-01T17:50:00.000Z"),
  title: "Consulta com Dra. Helena Souza",
  description: `Sua consulta online.\nEntre pela videochamada: ${VIDEO_URL}`,
  videoUrl: VIDEO_URL,
  organizer: { name: "Acolhe", email: "nao-responda@acolhe.com.br" },
  attendees: [
    { name: "Ana Lima", email: "ana@example.org" },
    { name: "Dra. Helena Souza", email: "helena@example.org" },
  ],
  sequence: 0,
  now: new Date("2025-03-20T12:34:56.000Z"),
};

/** Content lines of the calendar, unfolded (RFC 5545 3.1). */
function lines(ics: string): string[] {
  return ics.replace(/\r\n[ \t]/g, "").split("\r\n").filter(Boolean);
}

/** Values of a property (ignoring its parameters), in order. */
function values(ics: string, name: string): string[] {
  return lines(ics)
    .filter((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`))
    .map((line) => line.slice(line.indexOf(":", line.indexOf(name) + name.length) + 1));
}

function value(ics: string, name: string): string | undefined {
  return values(ics, name)[0];
}

/** Unescape TEXT values (RFC 5545 3.3.11). */
const text = (escaped: string | undefined) => escaped?.replace(/\\n/gi, "\n").replace(/\\([,;\\])/g, "$1");

describe("buildCalendarInvite", () => {
  const ics = buildCalendarInvite(input);

  it("is one VEVENT in a VCALENDAR with CRLF line endings", () => {
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(ics.trimEnd().endsWith("END:VCALENDAR")).toBe(true);
    expect(values(ics, "BEGIN")).toEqual(["VCALENDAR", "VEVENT"]);
    expect(ics.replace(/\r\n/g, "")).not.toContain("\n");
  });

  it("is a REQUEST from our product", () => {
    expect(value(ics, "METHOD")).toBe("REQUEST");
    expect(value(ics, "PRODID")).toBe(INVITE_PRODUCT_ID);
    expect(value(ics, "VERSION")).toBe("2.0");
  });

  it("has a UID stable per appointment", () => {
    expect(value(ics, "UID")).toBe(`appointment-${APPOINTMENT_ID}@acolhe.com.br`);
    expect(value(buildCalendarInvite({ ...input, startsAt: new Date("2025-05-01T17:00:00Z"), endsAt: new Date("2025-05-01T18:00:00Z") }), "UID")).toBe(
      inviteUid(APPOINTMENT_ID),
    );
    expect(value(buildCalendarInvite({ ...input, appointmentId: "other" }), "UID")).not.toBe(inviteUid(APPOINTMENT_ID));
  });

  it("puts start and end in UTC", () => {
    expect(value(ics, "DTSTART")).toBe("20250401T170000Z");
    expect(value(ics, "DTEND")).toBe("20250401T175000Z");
  });

  it("stamps the issue time given, not the clock", () => {
    expect(value(ics, "DTSTAMP")).toBe("20250320T123456Z");
  });

  it("carries the title, the description and the video link", () => {
    expect(text(value(ics, "SUMMARY"))).toBe("Consulta com Dra. Helena Souza");
    expect(text(value(ics, "DESCRIPTION"))).toBe(input.description);
    expect(text(value(ics, "LOCATION"))).toBe(VIDEO_URL);
    expect(value(ics, "URL")).toBe(VIDEO_URL);
  });

  it("names the organizer and every attendee as already accepted, asking no reply of the no-reply organizer", () => {
    const organizer = lines(ics).find((line) => line.startsWith("ORGANIZER"));
    expect(organizer).toMatch(/;CN="?Acolhe"?:/);
    expect(organizer).toMatch(/:mailto:nao-responda@acolhe\.com\.br$/i);

    const attendees = lines(ics).filter((line) => line.startsWith("ATTENDEE"));
    expect(attendees).toHaveLength(2);
    expect(attendees[0]).toMatch(/CN="?Ana Lima"?/);
    expect(attendees[0]).toMatch(/mailto:ana@example\.org$/);
    expect(attendees[1]).toMatch(/mailto:helena@example\.org$/);
    for (const attendee of attendees) {
      expect(attendee).not.toContain("RSVP=TRUE");
      expect(attendee).toMatch(/ROLE="?REQ-PARTICIPANT"?/);
      expect(attendee).toMatch(/PARTSTAT="?ACCEPTED"?/);
    }
  });

  it("keeps a name with quotes or a line break inside its CN parameter", () => {
    const quoted = buildCalendarInvite({ ...input, organizer: { name: 'Acolhe "Online"', email: "nao-responda@acolhe.com.br" }, attendees: [{ name: '<b>Ana</b> & "Zé"; Lima, Jr\nX', email: "ana@example.org" }] });
    const attendee = lines(quoted).find((line) => line.startsWith("ATTENDEE"));
    // A quoted parameter value holds no DQUOTE (RFC 5545 3.1): the whole name, then the address.
    expect(attendee).toMatch(/;CN="<b>Ana<\/b> & 'Zé'; Lima, Jr X":mailto:ana@example\.org$/);
    expect(lines(quoted).find((line) => line.startsWith("ORGANIZER"))).toMatch(/;CN="Acolhe 'Online'":mailto:/i);
  });

  it("is confirmed, busy and private", () => {
    expect(value(ics, "STATUS")).toBe("CONFIRMED");
    expect(value(ics, "TRANSP")).toBe("OPAQUE");
    expect(value(ics, "CLASS")).toBe("PRIVATE");
  });

  it("carries the sequence of a reschedule", () => {
    expect(value(ics, "SEQUENCE")).toBe("0");
    expect(value(buildCalendarInvite({ ...input, sequence: inviteSequence(2) }), "SEQUENCE")).toBe("2");
  });

  it("keeps accented Portuguese text intact", () => {
    const accented = buildCalendarInvite({ ...input, title: "Sessão de psicoterapia — Conceição", description: "Até já; obrigado, até logo" });
    expect(text(value(accented, "SUMMARY"))).toBe("Sessão de psicoterapia — Conceição");
    expect(text(value(accented, "DESCRIPTION"))).toBe("Até já; obrigado, até logo");
  });
});

describe("buildCalendarCancellation", () => {
  const ics = buildCalendarCancellation({ ...input, sequence: inviteSequence(1, true) });

  it("cancels the same event with a higher sequence", () => {
    expect(value(ics, "METHOD")).toBe("CANCEL");
    expect(value(ics, "STATUS")).toBe("CANCELLED");
    expect(value(ics, "UID")).toBe(inviteUid(APPOINTMENT_ID));
    expect(value(ics, "SEQUENCE")).toBe("2");
    expect(value(ics, "DTSTART")).toBe("20250401T170000Z");
  });

  it("frees the time and asks no reply", () => {
    expect(value(ics, "TRANSP")).toBe("TRANSPARENT");
    const attendees = lines(ics).filter((line) => line.startsWith("ATTENDEE"));
    expect(attendees).toHaveLength(2);
    for (const attendee of attendees) expect(attendee).not.toContain("RSVP=TRUE");
  });
});

describe("inviteSequence", () => {
  it("counts reschedules, plus one for the cancellation", () => {
    expect(inviteSequence(0)).toBe(0);
    expect(inviteSequence(2)).toBe(2);
    expect(inviteSequence(0, true)).toBe(1);
    expect(inviteSequence(2, true)).toBe(3);
  });
});

describe("invalid input", () => {
  it("refuses an event that ends before it starts", () => {
    expect(() => buildCalendarInvite({ ...input, endsAt: input.startsAt })).toThrow(RangeError);
  });

  it("refuses a negative or fractional sequence", () => {
    expect(() => buildCalendarInvite({ ...input, sequence: -1 })).toThrow(RangeError);
    expect(() => buildCalendarInvite({ ...input, sequence: 1.5 })).toThrow(RangeError);
  });

  it("throws the package's validation error", () => {
    expect(() => buildCalendarInvite({ ...input, organizer: { name: "Acolhe", email: "not an e-mail" } })).toThrow(/email/);
  });
});
