import { describe, expect, it } from "vitest";
import { page, send } from "#tests/helpers/app";
import { createPair } from "#tests/helpers/appointments";
import { countStatements } from "#tests/helpers/directory-fixtures";
import { signedIn } from "#tests/helpers/factories";

/**
 * Remix hands each loader a copy of the request it strips of its own search
 * parameters; the server-runtime patch (docs/decisions/022) gives every loader
 * of one request the same copy. So what the app keeps per request (the
 * signed-in person, the language) is found once for all of a page's loaders.
 */

const sessionLookups = (statements: string[]) => statements.filter((text) => /from "sessions"/.test(text)).length;

describe("the loaders of one request", () => {
  it("find the signed-in person once for a page of three loaders, and for its data", async () => {
    const { psychologist } = await createPair();
    const jar = await signedIn(psychologist);
    for (const path of ["/psychologist-dashboard?period=week", "/psychologist-dashboard.data?period=week"]) {
      const { result, statements } = await countStatements(() => send(page(path, { Cookie: jar.header() })));
      expect(result.status, path).toBe(200);
      expect(sessionLookups(statements), path).toBe(1);
    }
  });

  it("still give each request its own copy", async () => {
    const { psychologist, patient } = await createPair();
    const [doctor, client] = [await signedIn(psychologist), await signedIn(patient)];
    const [mine, theirs] = await Promise.all([
      send(page("/psychologist-dashboard?period=week", { Cookie: doctor.header() })),
      send(page("/psychologist-dashboard?period=week", { Cookie: client.header() })),
    ]);
    expect(mine.status).toBe(200);
    expect(theirs.status).toBe(403);
  });
});
