import "@remix-run/server-runtime";

declare module "@remix-run/server-runtime" {
  interface AppLoadContext {
    /** The per-response nonce of the Content-Security-Policy (set by app/server.ts). */
    cspNonce?: string;
    requestId?: string;
    /** The visitor's address as Fly's proxy reports it (login throttling). */
    clientIp?: string | null;
    /** Set by app/request-handler.server.ts when it refuses a form: the catch-all route ($.tsx) answers 400 saying why. */
    refusal?: "invalid_characters";
  }
}

declare module "@remix-run/node" {
  // Single fetch types: useLoaderData<typeof loader> unwraps data() and keeps Dates.
  interface Future {
    v3_singleFetch: true;
  }
}
