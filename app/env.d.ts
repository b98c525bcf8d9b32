import "@remix-run/server-runtime";

declare module "@remix-run/server-runtime" {
  interface AppLoadContext {
    /** The per-response nonce of the Content-Security-Policy (set by app/server.ts). */
    cspNonce?: string;
    requestId?: string;
  }
}
