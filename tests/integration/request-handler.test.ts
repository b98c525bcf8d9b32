import { describe, expect, it } from "vitest";
import { createUser, signedIn } from "#tests/helpers/factories";
import { formPost, send } from "#tests/helpers/app";
import { BASE } from "#tests/helpers/http";

describe("request handler smoke", () => {
  it("renders the home page", async () => {
    const response = await send(new Request(new URL("/", BASE)));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("<html");
  });
  it("a signed-in page", async () => {
    const jar = await signedIn(await createUser({ role: "patient" }));
    const response = await send(new Request(new URL("/settings", BASE), { headers: { Cookie: jar.header() } }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });
  it("a form post", async () => {
    const response = await send(formPost("/login", { intent: "login", email: "x@y.z", password: "wrongpassword" }));
    if (response.status !== 401) console.log(await response.text());
    expect(response.status).toBe(401);
  });
});
