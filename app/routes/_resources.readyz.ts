import { databaseAnswers } from "~/models/health.server";

/** Readiness: the database answers. Fly routes traffic only to ready machines. */
export async function loader() {
  const ready = await databaseAnswers();
  return new Response(ready ? "ready" : "database unavailable", {
    status: ready ? 200 : 503,
    headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" },
  });
}
