import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/models/db.server";
import { loader as listLoader } from "~/routes/_admin.admin_.users/route";
import { action, loader } from "~/routes/_admin.admin_.users_.$id/route";
import { signIn } from "~/services/accounts.server";
import { resetEnvForTests } from "~/utils/env.server";
import { createAppointment, createPair } from "#tests/helpers/appointments";
import { createUser, PASSWORD, signedIn } from "#tests/helpers/factories";
import { body, getRequest, location, postRequest, run } from "#tests/helpers/http";
import { formPost, page, send } from "#tests/helpers/app";

/** People as the administrator runs them (issue 15, item 2): search, one person's page, sessions and blocking. */

const list = async (jar: Awaited<ReturnType<typeof signedIn>>, query = "") => body(await run(listLoader, getRequest(`/admin/users${query}`, jar)));
const person = (jar: Awaited<ReturnType<typeof signedIn>>, id: string) => run(loader, getRequest(`/admin/users/${id}`, jar), { id });
const post = (jar: Awaited<ReturnType<typeof signedIn>>, id: string, fields: Record<string, string>) => run(action, postRequest(`/admin/users/${id}`, fields, jar), { id });

describe("/admin/users", () => {
  it("finds people by accent-free name, part of the e-mail or the exact CPF, by role and state", async () => {
    const admin = await signedIn(await createUser({ role: "admin", password: null }));
    const joao = await createUser({ firstName: "João", lastName: "Araújo", email: "joao.araujo@exemplo.com.br", password: null });
    await db.updateTable("profiles").set({ cpf: "529.982.247-25" }).where("id", "=", joao.id).execute();
    const psychologist = await createUser({ role: "psychologist", firstName: "Marta", lastName: "Lima", password: null });
    const gone = await createUser({ firstName: "Joana", password: null });
    await db.updateTable("users").set({ deleted_at: new Date() }).where("id", "=", gone.id).execute();

    expect((await list(admin, "?q=joao araujo")).rows.map((row: { id: string }) => row.id)).toEqual([joao.id]);
    expect((await list(admin, "?q=ARAUJO@exemplo")).rows.map((row: { id: string }) => row.id)).toEqual([joao.id]);
    expect((await list(admin, "?q=52998224725")).rows.map((row: { id: string }) => row.id)).toEqual([joao.id]);
    expect((await list(admin, "?q=52998224700")).total).toBe(0);
    expect((await list(admin, "?role=psychologist")).rows.map((row: { id: string }) => row.id)).toEqual([psychologist.id]);
    expect((await list(admin, "?state=deleted")).rows.map((row: { id: string; state: string }) => [row.id, row.state])).toEqual([[gone.id, "deleted"]]);
    expect((await list(admin, "?role=admin")).rows).toHaveLength(1);
    expect((await list(admin, "?role=nonsense&page=zero")).total).toBe(4);
  });

  it("keeps the role and the state in sight on a phone: the e-mail sits under the name, not in a column of its own", async () => {
    const admin = await signedIn(await createUser({ role: "admin", password: null }));
    const joao = await createUser({ firstName: "João", lastName: "Araújo", email: "joao.araujo@exemplo.com.br", password: null });
    await db.updateTable("users").set({ blocked_at: new Date(), blocked_reason: "Fraude" }).where("id", "=", joao.id).execute();
    const html = (await (await send(page("/admin/users?q=joao", { Cookie: admin.header(), "Accept-Language": "pt-BR" }))).text()).replace(/<!-- -->/g, "");
    const row = html.match(/<tr[^>]*>((?:(?!<\/tr>)[\s\S])*joao\.araujo@exemplo\.com\.br(?:(?!<\/tr>)[\s\S])*)<\/tr>/)![1]!;
    const cells = [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((match) => match[1]!.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim());
    expect(cells.slice(0, 3)).toEqual(["João Araújo joao.araujo@exemplo.com.br", "Paciente", "Bloqueada"]);
  });
});

describe("/admin/users/{id}", () => {
  it("shows the account, its appointments, payments, consents and sessions — CPF masked, and the read audited", async () => {
    const adminUser = await createUser({ role: "admin", password: null });
    const admin = await signedIn(adminUser);
    const { patient, psychologist } = await createPair();
    await db.updateTable("profiles").set({ cpf: "52998224725" }).where("id", "=", patient.id).execute();
    await createAppointment({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt: new Date(Date.now() + 86_400_000) });
    await db.insertInto("consent_log").values({ user_id: patient.id, consent: "terms", granted: true, version: "2026-01-01" }).execute();
    await signedIn(patient);

    const response = await person(admin, patient.id);
    expect(response.status).toBe(200);
    const page = await body(response);
    expect(page.account).toMatchObject({ email: patient.email, role: "patient", cpf: "***.982.247-**", blocked: null });
    expect(page.appointments).toHaveLength(1);
    expect(page.appointments[0].psychologistName).toBe("Dra. Helena Prado");
    expect(page.consents).toEqual([expect.objectContaining({ consent: "terms", granted: true, version: "2026-01-01" })]);
    expect(page.sessions).toHaveLength(1);
    expect(JSON.stringify(page)).not.toContain("52998224725");
    expect(await db.selectFrom("audit_log").select(["actor_user_id", "action", "subject_id"]).execute()).toEqual([{ actor_user_id: adminUser.id, action: "user.read", subject_id: patient.id }]);

    // The psychologist's page lists the consultations they give.
    expect((await body(await person(admin, psychologist.id))).appointments).toHaveLength(1);
    expect((await person(admin, "3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69")).status).toBe(404);
  });

  it("ends a person's sessions", async () => {
    const admin = await signedIn(await createUser({ role: "admin", password: null }));
    const user = await createUser({ password: null });
    await signedIn(user);
    await signedIn(user);
    const response = await post(admin, user.id, { intent: "revoke-sessions" });
    expect([response.status, location(response)]).toEqual([303, `/admin/users/${user.id}`]);
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
    expect((await db.selectFrom("audit_log").select(["action", "details"]).executeTakeFirstOrThrow())).toEqual({ action: "user.sessions_revoked", details: { ended: 2 } });
  });

  it("offers to end sessions only when there are some, and says none are open in words ('Nenhuma sessão aberta', not '0 sessão aberta')", async () => {
    const admin = await signedIn(await createUser({ role: "admin", password: null }));
    const user = await createUser({ password: null });
    // The markup, not the translations the page carries for the browser.
    const html = async () => (await (await send(page(`/admin/users/${user.id}`, { Cookie: admin.header(), "Accept-Language": "pt-BR" }))).text()).replace(/<!-- -->/g, "").replace(/<script[\s\S]*?<\/script>/g, "");
    const none = await html();
    expect(none).toContain("Nenhuma sessão aberta");
    expect(none).not.toContain("Encerrar todas as sessões");
    await signedIn(user);
    const one = await html();
    expect(one).toContain("1 sessão aberta");
    expect(one).toContain("Encerrar todas as sessões");
  });

  it("a busy practice: every consultation still ahead is offered for cancelling, the soonest first, beyond the latest 50 listed", async () => {
    const admin = await signedIn(await createUser({ role: "admin", password: null }));
    const { patient, psychologist } = await createPair();
    const start = Date.now() + 48 * 3_600_000;
    const ids: string[] = [];
    for (let index = 0; index < 52; index += 1) {
      ids.push(await createAppointment({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt: new Date(start + index * 2 * 3_600_000), status: "confirmed" }));
    }
    const page = await body(await person(admin, psychologist.id));
    expect(page.appointments).toHaveLength(50);
    expect(page.appointmentsCapped).toBe(true);
    expect(page.upcoming.map((row: { id: string }) => row.id)).toEqual(ids);
    // The soonest, left out of the latest 50, can be cancelled.
    const response = await post(admin, psychologist.id, { intent: "cancel-appointments", appointmentId: ids[0]!, reason: "Conta sob investigação" });
    expect(response.status).toBe(303);
    expect((await db.selectFrom("appointments").select("status").where("id", "=", ids[0]!).executeTakeFirstOrThrow()).status).toBe("cancelled");
  });

  it("says a list is cut at the latest 50 only when it is ('Consultas (últimas 50)'), not over a person's three consultations", async () => {
    const admin = await signedIn(await createUser({ role: "admin", password: null }));
    const { patient, psychologist } = await createPair();
    const start = Date.now() + 48 * 3_600_000;
    const titles = async () => {
      const html = (await (await send(page(`/admin/users/${patient.id}`, { Cookie: admin.header(), "Accept-Language": "pt-BR" }))).text()).replace(/<script[\s\S]*?<\/script>/g, "");
      return [...html.matchAll(/<h2[^>]*id="(?:appointments|payments)-title"[^>]*>([^<]*)</g)].map((match) => match[1]);
    };
    for (let index = 0; index < 3; index += 1) {
      await createAppointment({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt: new Date(start + index * 2 * 3_600_000), status: "confirmed" });
    }
    expect(await titles()).toEqual(["Consultas", "Pagamentos"]);
    for (let index = 3; index < 50; index += 1) {
      await createAppointment({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt: new Date(start + index * 2 * 3_600_000), status: "confirmed" });
    }
    expect(await titles()).toEqual(["Consultas", "Pagamentos"]);
    await createAppointment({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt: new Date(start - 24 * 3_600_000), status: "confirmed" });
    expect(await titles()).toEqual(["Consultas (últimas 50)", "Pagamentos"]);
  });

  it("an id nobody has is a 404 for every decision, with no audit row claiming it", async () => {
    const admin = await signedIn(await createUser({ role: "admin", password: null }));
    const nobody = "3f1c2a4e-8b7d-4c6e-9a5f-1e2d3c4b5a69";
    for (const fields of [{ intent: "revoke-sessions" }, { intent: "block", reason: "teste" }, { intent: "unblock" }] as Array<Record<string, string>>) {
      expect((await post(admin, nobody, fields)).status, fields.intent).toBe(404);
    }
    expect(await db.selectFrom("audit_log").select("action").execute()).toEqual([]);
  });

  it("blocks with a reason: sessions end, sign-in is refused with a clear message, unblocking gives the account back", async () => {
    const adminUser = await createUser({ role: "admin", password: null });
    const admin = await signedIn(adminUser);
    const user = await createUser();
    const jar = await signedIn(user);

    const missing = await post(admin, user.id, { intent: "block", reason: " " });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(await body(missing))).toContain("Informe o motivo do bloqueio");
    expect((await db.selectFrom("users").select("blocked_at").where("id", "=", user.id).executeTakeFirstOrThrow()).blocked_at).toBeNull();

    expect((await post(admin, user.id, { intent: "block", reason: "Pagamentos contestados em série" })).status).toBe(303);
    expect(await db.selectFrom("users").select(["blocked_reason", "blocked_by"]).where("id", "=", user.id).executeTakeFirstOrThrow()).toEqual({ blocked_reason: "Pagamentos contestados em série", blocked_by: adminUser.id });
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
    // The old cookie opens nothing; the password no longer signs in.
    expect(location(await run(listLoader, getRequest("/admin/users", jar)))).toMatch(/^\/login/);
    await expect(signIn(user.email, PASSWORD, "203.0.113.9")).rejects.toMatchObject({ key: "errors.blocked", status: 403 });
    expect((await post(admin, user.id, { intent: "block", reason: "de novo" })).status).toBe(409);
    expect((await body(await person(admin, user.id))).account.blocked).toMatchObject({ reason: "Pagamentos contestados em série", by: "admin@acolhe.dev" });

    expect((await post(admin, user.id, { intent: "unblock" })).status).toBe(303);
    await expect(signIn(user.email, PASSWORD, "203.0.113.9")).resolves.toEqual({ id: user.id });
    const actions = await db.selectFrom("audit_log").select("action").where("subject_id", "=", user.id).where("action", "like", "user.%block").orderBy("id").execute();
    expect(actions.map((row) => row.action)).toEqual(["user.block", "user.unblock"]);
  });

  it("without JavaScript, a refused block or cancellation comes back with its reason typed and the consultations ticked", async () => {
    const adminUser = await createUser({ role: "admin", password: null });
    const admin = await signedIn(adminUser);
    const { patient, psychologist } = await createPair();
    const soon = new Date(Date.now() + 48 * 3_600_000);
    const first = await createAppointment({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt: soon, status: "confirmed" });
    const second = await createAppointment({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt: new Date(soon.getTime() + 3_600_000 * 3), status: "confirmed" });
    const asPage = async (fields: Record<string, string>) => {
      const response = await send(formPost(`/admin/users/${patient.id}`, fields, { Cookie: admin.header() }));
      return { status: response.status, html: await response.text() };
    };
    const textarea = (html: string, id: string) => new RegExp(`<textarea id="${id}"[^>]*>([^<]*)</textarea>`).exec(html)?.[1] ?? "";
    const ticked = (html: string) => [...html.matchAll(/<input type="checkbox" name="appointmentId"[^>]*>/g)].filter(([tag]) => tag.includes("checked")).map(([tag]) => /value="([^"]+)"/.exec(tag)![1]);

    const tooLong = `Fraude ${"x".repeat(500)}`;
    const block = await asPage({ intent: "block", reason: tooLong });
    expect(block.status).toBe(400);
    expect(textarea(block.html, "block-reason")).toBe(tooLong);
    expect(textarea(block.html, "cancel-reason")).toBe("");

    // No consultation ticked: the reason stays typed.
    const none = await asPage({ intent: "cancel-appointments", reason: "Conta sob investigação" });
    expect(none.status).toBe(400);
    expect(textarea(none.html, "cancel-reason")).toBe("Conta sob investigação");
    expect(textarea(none.html, "block-reason")).toBe("");
    // No reason: the consultation ticked stays ticked, and only it.
    const noReason = await asPage({ intent: "cancel-appointments", appointmentId: second, reason: "" });
    expect(noReason.status).toBe(400);
    expect(ticked(noReason.html)).toEqual([second]);
    // The reason's error is the cancellation form's: beside its own box, never marked on the block form's.
    expect(noReason.html).toMatch(/<textarea id="cancel-reason"[^>]*aria-invalid="true"[^>]*aria-describedby="cancel-reason-error"/);
    expect(noReason.html).toMatch(/<ul id="cancel-reason-error"/);
    expect(noReason.html).not.toMatch(/<textarea id="block-reason"[^>]*aria-invalid/);
    expect(block.html).toMatch(/<textarea id="block-reason"[^>]*aria-invalid="true"[^>]*aria-describedby="block-reason-error"/);
    expect(block.html).not.toMatch(/<ul id="cancel-reason-error"/);
    expect(ticked((await (await send(page(`/admin/users/${patient.id}`, { Cookie: admin.header() }))).text()))).toEqual([]);
    expect(first).toBeTruthy();
    expect(await db.selectFrom("appointments").select("status").where("patient_id", "=", patient.id).execute()).toEqual([{ status: "confirmed" }, { status: "confirmed" }]);
  });

  it("an admin cannot block their own account; patients and psychologists cannot block anyone", async () => {
    const adminUser = await createUser({ role: "admin", password: null });
    const admin = await signedIn(adminUser);
    expect((await post(admin, adminUser.id, { intent: "block", reason: "teste" })).status).toBe(409);
    const victim = await createUser({ password: null });
    for (const role of ["patient", "psychologist"] as const) {
      const jar = await signedIn(await createUser({ role, password: null }));
      expect((await post(jar, victim.id, { intent: "block", reason: "teste" })).status).toBe(403);
    }
    expect((await db.selectFrom("users").select("blocked_at").where("id", "=", victim.id).executeTakeFirstOrThrow()).blocked_at).toBeNull();
  });
});

describe("administrator accounts", () => {
  afterEach(() => {
    delete process.env.ADMIN_EMAILS;
    resetEnvForTests();
  });

  it("are never blocked: the form is not offered, and a hand-made post is refused with a message, nothing written and no audit row", async () => {
    process.env.ADMIN_EMAILS = "admin@acolhe.dev,segunda.admin@acolhe.dev";
    resetEnvForTests();
    const adminUser = await createUser({ role: "admin", password: null });
    const admin = await signedIn(adminUser);
    const other = await createUser({ email: "segunda.admin@acolhe.dev", password: null });

    const html = await (await send(page(`/admin/users/${other.id}`, { Cookie: admin.header(), "Accept-Language": "pt-BR" }))).text();
    expect(html).not.toContain('name="intent" value="block"');
    expect(html).toContain("Contas de administrador não podem ser bloqueadas.");

    for (const id of [other.id, adminUser.id]) {
      const response = await send(formPost(`/admin/users/${id}`, { intent: "block", reason: "Conta comprometida" }, { Cookie: admin.header(), "Accept-Language": "pt-BR" }));
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      if (id === other.id) expect(await response.text()).toContain("Contas de administrador não podem ser bloqueadas.");
    }
    expect(await db.selectFrom("users").select("blocked_at").where("id", "in", [other.id, adminUser.id]).execute()).toEqual([{ blocked_at: null }, { blocked_at: null }]);
    expect(await db.selectFrom("audit_log").select("action").where("action", "like", "user.%block").execute()).toEqual([]);
    // A person who is no administrator is still offered the form.
    const patient = await createUser({ password: null });
    expect(await (await send(page(`/admin/users/${patient.id}`, { Cookie: admin.header() }))).text()).toContain('name="intent" value="block"');
  });
});

describe("the admin's pages in the admin's language", () => {
  it("say a consultation's and a payment's state in words, not as the database's codes", async () => {
    const admin = await signedIn(await createUser({ role: "admin", password: null }));
    const { patient, psychologist } = await createPair();
    const appointmentId = await createAppointment({ patientId: patient.id, psychologistId: psychologist.psychologistId, startsAt: new Date(Date.now() - 7 * 86_400_000), status: "completed" });
    const { id: paymentId } = await db
      .insertInto("payments")
      .values({ appointment_id: appointmentId, provider: "local", provider_payment_id: `p-${appointmentId}`, status: "approved", method: "credit_card", amount_cents: 180_00, currency: "BRL", refunded_cents: 0, approved_at: new Date() })
      .returning("id")
      .executeTakeFirstOrThrow();
    const text = async (path: string) => {
      const response = await send(page(path, { Cookie: admin.header(), "Accept-Language": "pt-BR" }));
      expect(response.status, path).toBe(200);
      // The visible text only, without the data the page hands to the browser.
      return (await response.text()).replace(/<script[\s\S]*?<\/script>/g, "").replace(/<[^>]+>/g, " ");
    };
    const personPage = await text(`/admin/users/${patient.id}`);
    expect(personPage).toContain("Concluída");
    // Each table says what its columns are: on a phone the status and the amount sit off to the side, after the names.
    const html = (await (await send(page(`/admin/users/${patient.id}`, { Cookie: admin.header(), "Accept-Language": "fr" }))).text()).replace(/<!-- -->/g, "");
    const headings = [...html.matchAll(/<th scope="col"[^>]*>([^<]*)<\/th>/g)].map((match) => match[1]);
    expect(headings).toEqual(["Date et heure", "Psychologue", "Patient", "Statut", "Paiement", "Prix", "Date", "Statut chez le prestataire", "Moyen", "Montant", "Remboursement"]);
    expect(personPage).toContain("Cartão de crédito");
    expect(personPage).not.toMatch(/\b(completed|credit_card)\b/);
    for (const path of ["/admin/payments", `/admin/payments/${paymentId}`]) {
      const paymentPage = await text(path);
      expect(paymentPage, path).toContain("Consulta: Concluída · pagamento da consulta: Pago");
      expect(paymentPage, path).toContain("Cartão de crédito");
    }
  });
});
