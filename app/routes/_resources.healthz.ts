/** Liveness: the process is up and serving. Touches nothing else. */
export const loader = () =>
  new Response("ok", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
