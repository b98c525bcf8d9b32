import { describe, expect, it } from "vitest";
import { db } from "~/models/db.server";
import { formPost, send } from "#tests/helpers/app";
import { createUser, signedIn } from "#tests/helpers/factories";

const localeOf = async (id: string) => (await db.selectFrom("profiles").select("locale").where("id", "=", id).executeTakeFirstOrThrow()).locale;

describe("the language selector", () => {
  it("makes a signed-in person's e-mails follow the language they switched to", async () => {
    const patient = await createUser({ locale: "pt-BR" });
    const jar = await signedIn(patient);
    const response = await send(formPost("/set-locale", { lng: "ru", redirectTo: "/patient-dashboard" }, { Cookie: jar.header() }));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/patient-dashboard");
    expect(await localeOf(patient.id)).toBe("ru");
  });

  it("only sets the cookie for a visitor who is not signed in", async () => {
    const bystander = await createUser({ locale: "it" });
    const response = await send(formPost("/set-locale", { lng: "en", redirectTo: "/" }));
    expect(response.status).toBe(303);
    expect(response.headers.get("Set-Cookie")).toMatch(/^acolhe_lng=/);
    expect(await localeOf(bystander.id)).toBe("it");
  });
});
