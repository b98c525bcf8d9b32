import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/models/db.server";
import { getProfileStatistics } from "~/models/psychologist-profile.server";
import { listByStatus } from "~/models/psychologist-review.server";
import { loader as rootLoader } from "~/root";
import { action, loader } from "~/routes/_psychologist.psychologist-profile/route";
import { deleteAccount } from "~/services/privacy.server";
import { resetEnvForTests } from "~/utils/env.server";
import { appHandler, formPost, page, send } from "#tests/helpers/app";
import { createAppointment, HOUR } from "#tests/helpers/appointments";
import { createBookablePsychologist } from "#tests/helpers/booking";
import { createUser, PASSWORD, signedIn } from "#tests/helpers/factories";
import { BASE, body, type CookieJar, getRequest, location, postRequest, run } from "#tests/helpers/http";
import { stopClockInsideTheHour } from "#tests/helpers/clock";

/**
 * 'Meu Perfil Profissional' (issue 12, item 7): the photo card's upload, the
 * statistics card's figures, the loading message, and sending a complete
 * pending profile for review (and the admin's queue dating it).
 */

const PATH = "/psychologist-profile";
const DAY = 24 * HOUR;

// A real 4×4 PNG (the same as tests/integration/settings.test.ts).
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAYAAACp8Z5+AAAANElEQVR4AUzIwQkAIAxD0dAFdFK96Qwe3bQbtE2h0MCD8GWcZZ0gpu+D4iIDT8kw7wYxOgAAAP//6vMdNgAAAAZJREFUAwCLyg3RVHjVzQAAAABJRU5ErkJggg==",
  "base64",
);

let uploadsDir: string;

beforeAll(() => {
  uploadsDir = mkdtempSync(path.join(tmpdir(), "acolhe-profile-uploads-"));
  process.env.UPLOADS_DIR = uploadsDir;
  resetEnvForTests();
});

beforeEach(() => rmSync(path.join(uploadsDir, "photos"), { recursive: true, force: true }));

afterEach(async () => {
  if (process.env.PAGE_CACHE_SECONDS) {
    delete process.env.PAGE_CACHE_SECONDS;
    await appHandler({ fresh: true });
  }
});

afterAll(() => {
  rmSync(uploadsDir, { recursive: true, force: true });
  delete process.env.UPLOADS_DIR;
  resetEnvForTests();
});

const photoFiles = () => (existsSync(path.join(uploadsDir, "photos")) ? readdirSync(path.join(uploadsDir, "photos")) : []);
const rowOf = (psychologistId: string) => db.selectFrom("psychologists").selectAll().where("id", "=", psychologistId).executeTakeFirstOrThrow();

async function psychologist(status: "pending" | "approved" = "approved") {
  const user = await createUser({ role: "psychologist", psychologistStatus: status });
  return { user, psychologistId: user.psychologistId!, jar: await signedIn(user) };
}

/** Everything missingForReview asks for. */
async function completeProfile(psychologistId: string, crp = "06/123456") {
  await db
    .updateTable("psychologists")
    .set({ crp, bio: "Atendo adultos.", specialties: ["anxiety"], languages: ["pt"], photo_url: "/uploads/photos/existente.png", education: "Mestrado" })
    .where("id", "=", psychologistId)
    .execute();
}

/** The page as the server renders it, without its scripts (they carry every translation). */
async function visibleHtml(jar: CookieJar) {
  const response = await send(page(PATH, { Cookie: jar.header() }));
  expect(response.status).toBe(200);
  return (await response.text()).replace(/<script\b[\s\S]*?<\/script>/g, "");
}

/** A multipart post through the whole app (body limits included), as the photo form sends it. */
function upload(jar: CookieJar | null, file: Blob, at = PATH) {
  const form = new FormData();
  form.append("intent", "photo");
  form.append("photo", file);
  return send(new Request(new URL(at, BASE), { method: "POST", body: form, headers: { Origin: BASE, ...(jar ? { Cookie: jar.header() } : {}) } }));
}

const png = (bytes: Buffer = PNG) => new File([new Uint8Array(bytes)], "eu.png", { type: "image/png" });

describe("statistics card", () => {
  it("counts completed consultations, patients active in the last 90 days and the real rating, of this psychologist only", async () => {
    const { psychologistId, jar } = await psychologist();
    const other = await psychologist();
    const [kept, cancelled, old, upcoming, stale] = await Promise.all([1, 2, 3, 4, 5].map(() => createUser()));
    const at = (days: number) => new Date(Date.now() + days * DAY);

    // Nothing yet: zeros and no average (never a made-up 5.0).
    expect((await body(await run(loader, getRequest(PATH, jar)))).statistics).toEqual({ consultationsDone: 0, activePatients: 0, rating: null, totalReviews: 0 });
    expect(await visibleHtml(jar)).toMatch(/Avaliação média<\/dt><dd[^>]*>--<\/dd>/);

    const recent = await createAppointment({ patientId: kept!.id, psychologistId, startsAt: at(-10), status: "completed" });
    const longAgo = await createAppointment({ patientId: kept!.id, psychologistId, startsAt: at(-200), status: "completed" });
    await createAppointment({ patientId: cancelled!.id, psychologistId, startsAt: at(-5), status: "cancelled", paymentStatus: "refunded" });
    // Done, but over 90 days ago: a consultation, not an active patient.
    await createAppointment({ patientId: old!.id, psychologistId, startsAt: at(-120), status: "completed" });
    // Confirmed and still to come: active.
    await createAppointment({ patientId: upcoming!.id, psychologistId, startsAt: at(3), status: "confirmed" });
    // Confirmed 100 days ago (never completed): not active.
    await createAppointment({ patientId: stale!.id, psychologistId, startsAt: at(-100), status: "confirmed" });
    // The other psychologist's consultations and reviews, with the same patients, never count here.
    const elsewhere = await createAppointment({ patientId: cancelled!.id, psychologistId: other.psychologistId, startsAt: at(-1), status: "completed" });
    await db
      .insertInto("evaluations")
      .values([
        { appointment_id: recent, psychologist_id: psychologistId, patient_id: kept!.id, rating: 5 },
        { appointment_id: longAgo, psychologist_id: psychologistId, patient_id: kept!.id, rating: 4 },
        { appointment_id: elsewhere, psychologist_id: other.psychologistId, patient_id: cancelled!.id, rating: 1 },
      ])
      .execute();

    const expected = { consultationsDone: 3, activePatients: 2, rating: 4.5, totalReviews: 2 };
    expect(await getProfileStatistics({ psychologistId })).toEqual(expected);
    expect((await body(await run(loader, getRequest(PATH, jar)))).statistics).toEqual(expected);
    expect(await getProfileStatistics({ psychologistId: other.psychologistId })).toEqual({ consultationsDone: 1, activePatients: 1, rating: 1, totalReviews: 1 });

    const html = await visibleHtml(jar);
    expect(html).toMatch(/Consultas realizadas<\/dt><dd[^>]*>3<\/dd>/);
    expect(html).toMatch(/Pacientes ativos<\/dt><dd[^>]*>2<\/dd>/);
    expect(html).toMatch(/Avaliação média<\/dt><dd[^>]*>4,5 ★<\/dd>/);
    expect(html).toMatch(/Avaliações<\/dt><dd[^>]*>2<\/dd>/);
  });

  it("reads the signed-in psychologist's figures whatever the URL carries", async () => {
    const { jar } = await psychologist();
    const other = await psychologist();
    const patient = await createUser();
    await createAppointment({ patientId: patient.id, psychologistId: other.psychologistId, startsAt: new Date(Date.now() - DAY), status: "completed" });
    const response = await run(loader, getRequest(`${PATH}?psychologistId=${other.psychologistId}&id=${other.psychologistId}`, jar), { id: other.psychologistId });
    expect((await body(response)).statistics).toMatchObject({ consultationsDone: 0, activePatients: 0 });
  });
});

describe("loading message", () => {
  it("is never in the server's HTML (only a load in the browser shows it)", async () => {
    const { jar } = await psychologist();
    const html = await visibleHtml(jar);
    expect(html).toContain("Meu Perfil Profissional");
    expect(html).not.toContain("Carregando perfil...");
  });
});

describe("photo card", () => {
  it("shows the initials and a multipart upload form while there is no photo", async () => {
    const { psychologistId, jar } = await psychologist();
    await db.updateTable("psychologists").set({ name: "Helena Prado" }).where("id", "=", psychologistId).execute();
    const html = await visibleHtml(jar);
    expect(html).toMatch(/>HP<\/span>/);
    // React writes the attribute as encType; HTML attribute names are case-insensitive.
    expect(html).toMatch(/<form method="post" action="\/psychologist-profile" enctype="multipart\/form-data"/i);
    expect(html).toMatch(/<input type="hidden" name="intent" value="photo"\/>/);
    expect(html).toMatch(/<input id="photo" name="photo" type="file"/);
  });

  it("stores an image of up to 5 MB through the whole app, shows it, and replaces the previous file", async () => {
    const { psychologistId, jar } = await psychologist("pending");
    const response = await upload(jar, png());
    expect(response.status).toBe(303);
    expect(location(response)).toBe(PATH);
    const first = (await rowOf(psychologistId)).photo_url!;
    expect(first).toMatch(/^\/uploads\/photos\/[0-9a-f]{32}-512\.webp$/);
    const renditions = (url: string) => [96, 256, 512].map((width) => path.basename(url).replace("-512.webp", `-${width}.webp`)).sort();
    expect(photoFiles().sort()).toEqual(renditions(first));
    const toast = (await body(await run(rootLoader, getRequest("/", jar.take(response))))).toast;
    expect(toast).toEqual({ type: "success", title: "Foto atualizada." });
    // Shown 128 px wide: the 256 px rendition, with the set for denser screens.
    const html = await visibleHtml(jar);
    expect(html).toContain(`src="${first.replace("-512.webp", "-256.webp")}"`);
    expect(html).toContain(`${first} 512w`);

    // Exactly 5 MB passes the body limit and the part limit.
    const limit = Buffer.alloc(5 * 1024 * 1024, 0);
    PNG.copy(limit);
    expect((await upload(jar, png(limit))).status).toBe(303);
    const second = (await rowOf(psychologistId)).photo_url!;
    expect(second).not.toBe(first);
    expect(photoFiles().sort()).toEqual(renditions(second));
  });

  it.each([
    ["over 5 MB", () => Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1 - PNG.length)]), 413, "A imagem deve ter no máximo 5MB."],
    ["not an image", () => Buffer.from("<script>alert(1)</script>"), 415, "Por favor, selecione apenas arquivos de imagem."],
    ["empty", () => Buffer.alloc(0), 400, "Escolha uma imagem."],
  ])("refuses a file %s with its message and writes nothing", async (_why, bytes, status, message) => {
    const { psychologistId, jar } = await psychologist();
    await db.updateTable("psychologists").set({ photo_url: "/uploads/photos/antiga.png" }).where("id", "=", psychologistId).execute();
    const response = await upload(jar, png(bytes()));
    expect(response.status).toBe(status);
    expect(await response.text()).toContain(message);
    expect((await rowOf(psychologistId)).photo_url).toBe("/uploads/photos/antiga.png");
    expect(photoFiles()).toEqual([]);

    // The action's answer, as the page's form reads it.
    const form = new FormData();
    form.append("intent", "photo");
    form.append("photo", png(bytes()));
    const result = await run(action, postRequest(PATH, form, jar));
    expect(result.status).toBe(status);
    expect(await body(result)).toMatchObject({ status: "error", initialValue: { intent: "photo" }, error: { photo: [message] } });
    expect(photoFiles()).toEqual([]);
  });

  it("refuses the 11th upload of the hour with 429, its message on the page (no script needed), before decoding anything", async () => {
    stopClockInsideTheHour();
    try {
      const { psychologistId, jar } = await psychologist("pending");
      for (let index = 0; index < 10; index += 1) expect((await upload(jar, png())).status).toBe(303);
      const kept = (await rowOf(psychologistId)).photo_url;
      const files = photoFiles().sort();
      // Not an image at all: the limit answers first, so nothing was read.
      const refused = await upload(jar, png(Buffer.from("<script>alert(1)</script>")));
      expect(refused.status).toBe(429);
      expect(await refused.text()).toContain("Você enviou muitas fotos em pouco tempo. Tente novamente em até uma hora.");
      expect((await rowOf(psychologistId)).photo_url).toBe(kept);
      expect(photoFiles().sort()).toEqual(files);
    } finally {
      vi.useRealTimers();
    }
  });

  it("serves the public photo to shared caches (the directory shows it to everyone)", async () => {
    const { psychologistId, jar } = await psychologist();
    expect((await upload(jar, png())).status).toBe(303);
    const served = await send(page((await rowOf(psychologistId)).photo_url!));
    expect(served.status).toBe(200);
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  });

  it("refuses a visitor (to sign in) and a patient (403), writing nothing", async () => {
    const { psychologistId } = await psychologist();
    const before = await rowOf(psychologistId);
    const anonymous = await upload(null, png());
    expect(anonymous.status).toBe(302);
    expect(location(anonymous)).toMatch(/^\/login\?/);
    const patient = await signedIn(await createUser());
    expect((await upload(patient, png())).status).toBe(403);
    expect(await rowOf(psychologistId)).toEqual(before);
    expect(photoFiles()).toEqual([]);
  });

  it("removes the stored photo with the account", async () => {
    const { user, psychologistId, jar } = await psychologist();
    expect((await upload(jar, png())).status).toBe(303);
    expect(photoFiles()).toHaveLength(3);
    await deleteAccount(user.id, { password: PASSWORD });
    expect((await rowOf(psychologistId)).photo_url).toBeNull();
    expect(photoFiles()).toEqual([]);
  });

  it("takes an approved psychologist's public pages out of the page cache at once", async () => {
    process.env.PAGE_CACHE_SECONDS = "60";
    await appHandler({ fresh: true });
    const user = await createBookablePsychologist();
    const jar = await signedIn(user);
    const publicPage = `/psychologist/${user.psychologistId}`;
    expect((await send(page(publicPage))).status).toBe(200);
    expect((await send(page(publicPage))).headers.get("X-Page-Cache")).toBe("hit");

    expect((await upload(jar, png())).status).toBe(303);
    const photo = (await rowOf(user.psychologistId)).photo_url!;
    const after = await send(page(publicPage));
    expect(after.headers.get("X-Page-Cache")).not.toBe("hit");
    expect(await after.text()).toContain(photo);
  });
});

describe("sending the profile for review", () => {
  const reviewAlerts = () => db.selectFrom("mail_outbox").select(["to_email", "subject", "text"]).where("template", "=", "psychologist_review_requested").execute();
  const submit = (jar: CookieJar) => send(formPost(PATH, { intent: "submit-for-review" }, { Cookie: jar.header() }));
  const submitButton = /<button type="submit"[^>]*>Enviar para análise<\/button>/;

  it("offers a complete pending profile the button, records the moment, then says it awaits review", async () => {
    const { psychologistId, jar } = await psychologist("pending");
    await completeProfile(psychologistId);
    const unsent = await visibleHtml(jar);
    expect(unsent).toMatch(submitButton);
    // Not sent yet, so not 'em análise': no one is looking at it.
    expect(unsent).toContain("Ainda não enviado");
    expect(unsent).not.toContain("Seu cadastro está em análise");

    const before = Date.now();
    const response = await submit(jar);
    expect(response.status).toBe(303);
    expect(location(response)).toBe(PATH);
    const row = await rowOf(psychologistId);
    expect(row.submitted_for_review_at!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.status).toBe("pending");
    const toast = (await body(await run(rootLoader, getRequest("/", jar.take(response))))).toast;
    expect(toast).toEqual({ type: "success", title: "Perfil enviado para análise. A equipe vai avaliá-lo em breve." });
    // The administrators are told, with a link to the profile to review.
    const alerts = await reviewAlerts();
    expect(alerts.map((mail) => [mail.to_email, mail.subject])).toEqual([["admin@acolhe.dev", `Perfil para análise: ${row.name}`]]);
    expect(alerts[0]!.text).toContain(`${row.name} (CRP 06/123456) enviou o perfil profissional para análise.`);
    expect(alerts[0]!.text).toContain(`/admin/psychologists/${psychologistId}`);

    const html = await visibleHtml(jar);
    expect(html).toContain("Perfil enviado para análise em");
    expect(html).toContain("Seu cadastro está em análise");
    expect(html).not.toMatch(submitButton);

    // Once: a second post changes nothing.
    const again = await run(action, postRequest(PATH, { intent: "submit-for-review" }, jar));
    expect(again.status).toBe(409);
    expect((await body(again)).error[""]).toEqual(["Seu perfil já foi enviado para análise."]);
    expect((await rowOf(psychologistId)).submitted_for_review_at).toEqual(row.submitted_for_review_at);
    expect(await reviewAlerts()).toHaveLength(1);
  });

  it("refuses an incomplete profile with 400 and what is missing, and shows no button", async () => {
    const { psychologistId, jar } = await psychologist("pending");
    await completeProfile(psychologistId);
    await db.updateTable("psychologists").set({ photo_url: null, education: "  " }).where("id", "=", psychologistId).execute();
    const html = await visibleHtml(jar);
    expect(html).not.toMatch(submitButton);
    expect(html).toContain("Para enviar seu perfil para análise, complete: Foto e Formação acadêmica.");

    const response = await run(action, postRequest(PATH, { intent: "submit-for-review" }, jar));
    expect(response.status).toBe(400);
    expect(await body(response)).toMatchObject({
      initialValue: { intent: "submit-for-review" },
      error: { "": ["Complete seu perfil antes de enviá-lo para análise. Falta: Foto e Formação acadêmica."] },
    });
    expect((await submit(jar)).status).toBe(400);
    expect((await rowOf(psychologistId)).submitted_for_review_at).toBeNull();
  });

  it("refuses an approved profile, and a patient, writing nothing", async () => {
    const { psychologistId, jar } = await psychologist("approved");
    await completeProfile(psychologistId);
    expect(await visibleHtml(jar)).not.toMatch(submitButton);
    const response = await run(action, postRequest(PATH, { intent: "submit-for-review" }, jar));
    expect(response.status).toBe(409);
    expect((await body(response)).error[""]).toEqual(["Só um perfil aguardando aprovação pode ser enviado para análise."]);
    expect(await rowOf(psychologistId)).toMatchObject({ status: "approved", submitted_for_review_at: null });

    const patient = await signedIn(await createUser());
    expect((await submit(patient)).status).toBe(403);
  });

  it("lets a rejected profile, revised, be sent again: pending and back in the queue, the rejection kept in the history", async () => {
    const { psychologistId, jar } = await psychologist("pending");
    await completeProfile(psychologistId);
    const rejectedAt = new Date("2026-11-20T12:00:00Z");
    await db
      .updateTable("psychologists")
      .set({ status: "rejected", status_reason: "CRP não confere", submitted_for_review_at: new Date("2026-11-19T12:00:00Z"), status_changed_at: rejectedAt })
      .where("id", "=", psychologistId)
      .execute();
    await db.insertInto("psychologist_status_history").values({ psychologist_id: psychologistId, from_status: "pending", to_status: "rejected", reason: "CRP não confere", changed_by: null, created_at: rejectedAt }).execute();
    const resubmitButton = /<button type="submit"[^>]*>Reenviar para análise<\/button>/;
    const rejectedPage = await visibleHtml(jar);
    expect(rejectedPage).toMatch(resubmitButton);
    expect(rejectedPage).toContain("Revisou o que a equipe apontou? Envie seu perfil para uma nova análise.");
    // What the team pointed out is on the page, not only in an e-mail that may have been missed.
    expect(rejectedPage).toMatch(/Motivo informado pela equipe:(<!-- -->)? <bdi>CRP não confere<\/bdi>/);
    // The earlier sending does not count: the page does not say it awaits review.
    expect(rejectedPage).not.toContain("Perfil enviado para análise em");

    const before = Date.now();
    expect((await submit(jar)).status).toBe(303);
    const row = await rowOf(psychologistId);
    expect(row).toMatchObject({ status: "pending", is_approved: false, status_reason: null });
    expect(row.submitted_for_review_at!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await listByStatus("pending", 1)).map((entry) => entry.id)).toContain(psychologistId);
    const history = await db.selectFrom("psychologist_status_history").select(["from_status", "to_status", "reason"]).where("psychologist_id", "=", psychologistId).orderBy("created_at").execute();
    expect(history).toEqual([
      { from_status: "pending", to_status: "rejected", reason: "CRP não confere" },
      { from_status: "rejected", to_status: "pending", reason: null },
    ]);
    expect((await reviewAlerts()).map((mail) => mail.text).join("")).toContain(`${row.name} (CRP 06/123456) revisou o perfil que não foi aprovado e o enviou para uma nova análise.`);
    const html = await visibleHtml(jar);
    expect(html).toContain("Perfil enviado para análise em");
    expect(html).not.toMatch(resubmitButton);
    expect(html).not.toContain("Motivo informado pela equipe");
  });

  it("does not send a rejected profile that is still incomplete, nor a suspended one", async () => {
    const rejected = await psychologist("pending");
    await db.updateTable("psychologists").set({ status: "rejected", photo_url: null }).where("id", "=", rejected.psychologistId).execute();
    const response = await run(action, postRequest(PATH, { intent: "submit-for-review" }, rejected.jar));
    expect(response.status).toBe(400);
    expect((await rowOf(rejected.psychologistId)).status).toBe("rejected");

    const suspended = await psychologist("approved");
    await completeProfile(suspended.psychologistId);
    await db.updateTable("psychologists").set({ status: "suspended", is_approved: false }).where("id", "=", suspended.psychologistId).execute();
    expect((await run(action, postRequest(PATH, { intent: "submit-for-review" }, suspended.jar))).status).toBe(409);
    expect((await rowOf(suspended.psychologistId)).status).toBe("suspended");
  });

  it("answers an unknown intent with 400", async () => {
    const { jar } = await psychologist("pending");
    expect((await run(action, postRequest(PATH, { intent: "publish-now" }, jar))).status).toBe(400);
  });

  it("queues only profiles sent for review, dated by the sending, oldest first", async () => {
    const early = await psychologist("pending");
    const late = await psychologist("pending");
    const neverSent = await psychologist("pending");
    await db.updateTable("psychologists").set({ created_at: new Date("2025-01-10T12:00:00Z") }).where("id", "=", early.psychologistId).execute();
    await db.updateTable("psychologists").set({ created_at: new Date("2025-02-10T12:00:00Z") }).where("id", "=", late.psychologistId).execute();
    // The one who signed up first sends the profile last.
    await completeProfile(late.psychologistId, "06/111111");
    expect((await submit(late.jar)).status).toBe(303);
    await completeProfile(early.psychologistId, "06/222222");
    expect((await submit(early.jar)).status).toBe(303);
    const lateSent = (await rowOf(late.psychologistId)).submitted_for_review_at!;
    const earlySent = (await rowOf(early.psychologistId)).submitted_for_review_at!;
    expect(earlySent.getTime()).toBeGreaterThanOrEqual(lateSent.getTime());

    const rows = await listByStatus("pending", 1);
    expect(rows.map((row) => [row.id, row.submittedAt.toISOString()])).toEqual([
      [late.psychologistId, lateSent.toISOString()],
      [early.psychologistId, earlySent.toISOString()],
    ]);
    expect(rows.map((row) => row.id)).not.toContain(neverSent.psychologistId);
  });

  it("puts an approved profile whose CRP changed back in the queue as sent now", async () => {
    const { psychologistId, jar } = await psychologist("approved");
    const response = await run(
      action,
      postRequest(PATH, { intent: "profile", name: "Dra. Helena Prado", crp: "06/654321", specialties: ["anxiety"], price: "150,00" }, jar),
    );
    expect(response.status).toBe(303);
    const row = await rowOf(psychologistId);
    expect(row.status).toBe("pending");
    expect(row.submitted_for_review_at).not.toBeNull();
  });
});
