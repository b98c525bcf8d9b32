/**
 * Remix classic compiler (see docs/decisions/001-classic-compiler.md).
 * `server` makes app/server.ts the entry of the one server bundle: the HTTP
 * server, the job worker and the migration command all ship as build/index.js.
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  server: "./app/server.ts",
  serverBuildPath: "build/index.js",
  serverModuleFormat: "esm",
  serverPlatform: "node",
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  tailwind: true,
  postcss: false,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
