import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formPost, page, send } from "#tests/helpers/app";
import { brasilia, createBookablePsychologist, dayFromToday, useLocalGateway } from "#tests/helpers/booking";
import { createUser, signedIn } from "#tests/helpers/factories";
import { PRIVACY_VERSION, TERMS_VERSION } from "~/domain/legal";
import { db } from "~/models/db.server";
import { resetPaymentGateway } from "~/providers/payments.server";
import { queueMail } from "~/services/mail.server";

/** Ask for what is used; record what is agreed (issue 11, item 11). */

const consentsOf = (userId: string) => db.selectFrom("consent_log").select(["consent", "granted", "version"]).where("user_id", "=", userId).orderBy("id").execute();

describe("the terms at sign-up", () => {
  it("are recorded with their version in the same step that creates the account", async () => {
    const response = await send(
      formPost("/register", { intent: "signup", fullName: "Lia Campos", email: "lia.campos@exemplo.com.br", password: "senha-longa-1", confirmPassword: "senha-longa-1", terms: "on" }),
    );
    expect(response.status).toBe(303);
    const user = await db.selectFrom("users").select("id").where("email", "=", "lia.campos@exemplo.com.br").executeTakeFirstOrThrow();
    expect(await consentsOf(user.id)).toEqual([{ consent: "terms", granted: true, version: TERMS_VERSION }]);
  });
});

describe("the specific consent for health data at the first booking", () => {
  beforeEach(() => void useLocalGateway());
  afterEach(() => resetPaymentGateway());

  async function step3(jar: { header(): string }, psychologistId: string, time: string, consent: boolean) {
    const date = dayFromToday(5);
    const selection = { psychologistId, date, startsAt: brasilia(date, time).toISOString(), duration: "50" };
    const path = `/schedule/step3?${new URLSearchParams(selection)}`;
    const html = await (await send(page(path, { Cookie: jar.header() }))).text();
    const response = await send(formPost(path, { ...selection, ...(consent ? { healthDataConsent: "on" } : {}) }, { Cookie: jar.header() }));
    return { html, response };
  }

  it("is asked before the first booking; without it nothing is written", async () => {
    const { psychologistId } = await createBookablePsychologist();
    const patient = await createUser();
    const jar = await signedIn(patient);
    const { html, response } = await step3(jar, psychologistId, "10:00", false);
    expect(html).toContain('name="healthDataConsent"');
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Para agendar, autorize o tratamento dos seus dados de saúde.");
    expect(await db.selectFrom("appointments").select("id").execute()).toEqual([]);
    expect(await consentsOf(patient.id)).toEqual([]);
  });

  it("is recorded with the policy's version together with the hold, and not asked again", async () => {
    const { psychologistId } = await createBookablePsychologist();
    const patient = await createUser();
    const jar = await signedIn(patient);
    expect((await step3(jar, psychologistId, "10:00", true)).response.status).toBe(303);
    expect(await consentsOf(patient.id)).toEqual([{ consent: "health_data", granted: true, version: PRIVACY_VERSION }]);

    const second = await step3(jar, psychologistId, "14:00", false);
    expect(second.html).not.toContain('name="healthDataConsent"');
    expect(second.response.status).toBe(303);
    expect(await consentsOf(patient.id)).toHaveLength(1);
  });
});

describe("marketing e-mail", () => {
  const marketing = (userId: string, to: string) => queueMail(db, { userId, to, template: "news", locale: "pt-BR", subject: "Novidades", html: "<p>n</p>", text: "n", category: "marketing" });

  it("is not even written for someone who has not agreed, or who withdrew", async () => {
    const user = await createUser();
    expect(await marketing(user.id, user.email)).toBeNull();
    await db.insertInto("consent_log").values({ user_id: user.id, consent: "marketing", granted: true }).execute();
    expect(await marketing(user.id, user.email)).toEqual(expect.any(String));
    await db.insertInto("consent_log").values({ user_id: user.id, consent: "marketing", granted: false }).execute();
    expect(await marketing(user.id, user.email)).toBeNull();
    expect(await db.selectFrom("mail_outbox").select("template").execute()).toEqual([{ template: "news" }]);
  });

  it("service mail is sent whatever the marketing consent", async () => {
    const user = await createUser();
    expect(await queueMail(db, { userId: user.id, to: user.email, template: "t", locale: "pt-BR", subject: "s", html: "", text: "" })).toEqual(expect.any(String));
  });
});
