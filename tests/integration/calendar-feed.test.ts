import { describe, expect, it } from "vitest";
import { formPost, page, send } from "#tests/helpers/app";
import { createAppointment, createPair, HOUR } from "#tests/helpers/appointments";
import { createUser, PASSWORD, signedIn } from "#tests/helpers/factories";
import { CookieJar, location } from "#tests/helpers/http";
import { replaceFeed } from "~/models/calendar-feed.server";
import { db } from "~/models/db.server";
import { blockAccount, unblockAccount } from "~/services/admin-people.server";
import { generateFeed } from "~/services/calendar-feed.server";
import { deleteAccount } from "~/services/privacy.server";
import { sha256 } from "~/utils/crypto.server";

/** The psychologist's private calendar subscription (issue 12, item 8). */

const FEED_LINK = /(http:\/\/localhost:3000\/calendar\/[A-Za-z0-9_-]+\.ics)/;

/** Makes a link as a browser without JavaScript does: the post, then the page it is redirected to. */
async function generate(jar: CookieJar): Promise<string> {
  const response = await send(formPost("/psychologist-dashboard?index", { intent: "generate-feed" }, { Cookie: jar.header() }));
  expect(response.status).toBe(303);
  jar.take(response);
  const next = await send(page(location(response)!, { Cookie: jar.header() }));
  jar.take(next);
  const match = FEED_LINK.exec(await next.text());
  expect(match).not.toBeNull();
  return new URL(match![1]!).pathname;
}

describe("calendar feed", () => {
  it("lists the psychologist's upcoming consultations, first names only, with their video link", async () => {
    const { patient, psychologist } = await createPair({ patient: { firstName: "Marina", lastName: "Sobrenome-Secreto" } });
    const soon = new Date(Date.now() + 24 * HOUR);
    const confirmed = await createAppointment({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt: soon, status: "confirmed" });
    await createAppointment({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt: new Date(soon.getTime() + 2 * HOUR), status: "cancelled" });
    await createAppointment({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt: new Date(Date.now() - 72 * HOUR), status: "completed" });
    const other = await createPair({ patient: { firstName: "Outrem" } });
    await createAppointment({ patientId: other.patient.id, psychologistId: other.psychologist.psychologistId, startsAt: soon, status: "confirmed" });

    const path = await generate(await signedIn(psychologist));
    const response = await send(page(path));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/calendar");
    const ics = await response.text();
    expect(ics).toMatch(/^BEGIN:VCALENDAR/);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(ics).toContain("SUMMARY:Consulta com Marina");
    expect(ics).toContain(`UID:appointment-${confirmed}@acolhe.com.br`);
    expect(ics.replace(/\r\n[ \t]/g, "")).toContain(`/appointment/videocall/${confirmed}`);
    expect(ics).not.toContain("Sobrenome-Secreto");
    expect(ics).not.toContain("Outrem");
    expect(ics).not.toContain(patient.email);
  });

  it("keeps only the token's hash, and a new link revokes the old one", async () => {
    const { psychologist } = await createPair();
    const jar = await signedIn(psychologist);
    const first = await generate(jar);
    const token = first.slice("/calendar/".length, -".ics".length);
    const stored = await db.selectFrom("calendar_feeds").select("token_hash").execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);
    expect((await send(page(first))).status).toBe(200);

    const second = await generate(jar);
    expect(second).not.toBe(first);
    expect((await send(page(first))).status).toBe(404);
    expect((await send(page(second))).status).toBe(200);
    // The page says a link is active without showing it again.
    const html = await (await send(page("/psychologist-dashboard", { Cookie: jar.header() }))).text();
    expect(html).toContain("Link ativo desde");
    expect(html).not.toContain(second);
  });

  it("says since when the link is active in the psychologist's calendar, not the server's", async () => {
    const { psychologist } = await createPair();
    const jar = await signedIn(psychologist);
    await generate(jar);
    // 22:30 on 10 March in Brasília, already the 11th in UTC.
    await db.updateTable("calendar_feeds").set({ created_at: new Date("2026-03-11T01:30:00Z") }).where("revoked_at", "is", null).execute();
    const html = await (await send(page("/psychologist-dashboard", { Cookie: jar.header() }))).text();
    expect(html).toContain("Link ativo desde 10 de março de 2026");
  });

  it("redirects after making a link (a reload makes no other) and shows it once, to its maker only, never cached", async () => {
    const { psychologist } = await createPair();
    const jar = await signedIn(psychologist);
    const response = await send(formPost("/psychologist-dashboard?index&period=month", { intent: "generate-feed" }, { Cookie: jar.header() }));
    expect(response.status).toBe(303);
    expect(location(response)).toBe("/psychologist-dashboard?period=month");
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    expect(FEED_LINK.test(await response.text())).toBe(false);
    const made = await db.selectFrom("calendar_feeds").select("id").execute();
    expect(made).toHaveLength(1);
    const withLink = new CookieJar().take(response);

    // Someone else signed in on that browser within the minute: the link is not theirs to see.
    const other = await signedIn((await createPair()).psychologist);
    const stranger = await send(page("/psychologist-dashboard", { Cookie: `${other.header()}; ${withLink.header()}` }));
    expect(FEED_LINK.test(await stranger.text())).toBe(false);

    jar.take(response);
    const shown = await send(page("/psychologist-dashboard?period=month", { Cookie: jar.header() }));
    expect(shown.status).toBe(200);
    expect(shown.headers.get("Cache-Control")).toContain("no-store");
    const html = await shown.text();
    expect(html).toMatch(/<input id="feed-url"[^>]*value="http:\/\/localhost:3000\/calendar\/[A-Za-z0-9_-]+\.ics"/);
    // The reload (and Back) is this GET again: no new link, the one shown stays live, and it is not shown twice.
    jar.take(shown);
    const reload = await send(page("/psychologist-dashboard?period=month", { Cookie: jar.header() }));
    const again = await reload.text();
    expect(FEED_LINK.test(again)).toBe(false);
    expect(again).not.toContain('id="feed-url"');
    expect(await db.selectFrom("calendar_feeds").select("id").where("revoked_at", "is", null).execute()).toEqual(made);
    expect((await send(page(new URL(FEED_LINK.exec(html)![1]!).pathname))).status).toBe(200);
  });

  it("an empty practice is a valid, empty calendar; unknown tokens and other names are 404", async () => {
    const { psychologist } = await createPair();
    const path = await generate(await signedIn(psychologist));
    const ics = await (await send(page(path))).text();
    expect(ics).toContain("BEGIN:VCALENDAR");
    expect(ics).not.toContain("BEGIN:VEVENT");
    for (const bad of ["/calendar/nada.ics", `/calendar/${"a".repeat(43)}.ics`, path.replace(".ics", ".txt")]) {
      expect((await send(page(bad))).status, bad).toBe(404);
    }
  });

  it("only a psychologist can make one, for their own practice", async () => {
    const { patient } = await createPair();
    const response = await send(formPost("/psychologist-dashboard?index", { intent: "generate-feed" }, { Cookie: (await signedIn(patient)).header() }));
    expect(response.status).toBe(403);
    expect(await db.selectFrom("calendar_feeds").select("id").execute()).toEqual([]);
  });

  it("answers 404 once the account is blocked or deleted, and blocking or deleting revokes the link", async () => {
    const { psychologist } = await createPair();
    const path = await generate(await signedIn(psychologist));
    const live = () => db.selectFrom("calendar_feeds").select("id").where("revoked_at", "is", null).execute();

    // The feed's own query: a blocked account's link answers nothing, even before it is revoked.
    await db.updateTable("users").set({ blocked_at: new Date() }).where("id", "=", psychologist.id).execute();
    expect((await send(page(path))).status).toBe(404);
    await db.updateTable("users").set({ blocked_at: null }).where("id", "=", psychologist.id).execute();
    expect((await send(page(path))).status).toBe(200);

    // Blocking revokes it: unblocking does not bring it back.
    const admin = await createUser({ role: "admin" });
    expect(await blockAccount({ adminId: admin.id, userId: psychologist.id, reason: "Teste" })).toBe(true);
    expect(await live()).toEqual([]);
    expect(await unblockAccount(admin.id, psychologist.id)).toBe(true);
    expect((await send(page(path))).status).toBe(404);

    // A new link works; deleting the account revokes it, and a deleted account's link answers nothing.
    const fresh = new URL(await generateFeed(psychologist.psychologistId!)).pathname;
    expect((await send(page(fresh))).status).toBe(200);
    await deleteAccount(psychologist.id, { password: PASSWORD });
    expect(await live()).toEqual([]);
    expect((await send(page(fresh))).status).toBe(404);
    await db.updateTable("calendar_feeds").set({ revoked_at: null }).where("token_hash", "=", sha256(fresh.slice("/calendar/".length, -".ics".length))).execute();
    expect((await send(page(fresh))).status).toBe(404);
  });

  it("keeps working while the practice is suspended: the psychologist still holds the consultations booked", async () => {
    const { psychologist } = await createPair();
    const path = await generate(await signedIn(psychologist));
    await db.updateTable("psychologists").set({ status: "suspended", is_approved: false }).where("id", "=", psychologist.psychologistId!).execute();
    expect((await send(page(path))).status).toBe(200);
  });

  it.skipIf(!process.env.DATABASE_URL)("two links made at once leave exactly one live, with no error (needs PostgreSQL: PGlite is a single session)", async () => {
    const { psychologist } = await createPair();
    const psychologistId = psychologist.psychologistId!;
    for (let round = 0; round < 20; round++) {
      const hashes = [sha256(`a-${round}`), sha256(`b-${round}`)];
      const results = await Promise.allSettled(hashes.map((tokenHash) => replaceFeed({ psychologistId, tokenHash })));
      expect(results.filter((result) => result.status === "rejected")).toEqual([]);
      const live = await db.selectFrom("calendar_feeds").select("token_hash").where("psychologist_id", "=", psychologistId).where("revoked_at", "is", null).execute();
      expect(live).toHaveLength(1);
      expect(hashes).toContain(live[0]!.token_hash);
    }
  });
});
