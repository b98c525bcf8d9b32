import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { readConfig } from "@remix-run/dev/dist/config.js";
import type { AppHandler, Connection } from "~/request-handler.server";
import { BASE } from "./http";

/**
 * The app's own request handler (app/request-handler.server.ts) over a
 * server build assembled from the route modules as Remix's config finds them
 * — the same routes, entry and handler the server runs, in this process, so a
 * test can send a Request and also look at the database. The assets manifest
 * is the only stand-in: it names the browser modules pages would load.
 */

let build: Promise<ServerBuild> | undefined;

async function assembleBuild(): Promise<ServerBuild> {
  const config = await readConfig(process.cwd(), "production" as never);
  const routes: ServerBuild["routes"] = {};
  const assetRoutes: Record<string, unknown> = {};
  for (const route of Object.values(config.routes)) {
    const module = await import(/* @vite-ignore */ path.join(config.appDirectory, route.file));
    routes[route.id] = { id: route.id, parentId: route.parentId, path: route.path, index: route.index, caseSensitive: route.caseSensitive, module };
    assetRoutes[route.id] = {
      id: route.id,
      parentId: route.parentId,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      module: `/build/${route.id}.js`,
      imports: [],
      hasAction: typeof module.action === "function",
      hasLoader: typeof module.loader === "function",
      hasClientAction: false,
      hasClientLoader: false,
      hasErrorBoundary: module.ErrorBoundary !== undefined,
    };
  }
  return {
    mode: "production",
    entry: { module: await import("~/entry.server") },
    routes,
    assets: { version: "test", url: "/build/manifest-test.js", entry: { module: "/build/entry.client.js", imports: [] }, routes: assetRoutes } as never,
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    future: config.future as ServerBuild["future"],
    isSpaMode: false,
  };
}

let handler: AppHandler | undefined;

/** The handler, made once per test file (it reads the environment as the server does at start). */
export async function appHandler(options: { fresh?: boolean } = {}): Promise<AppHandler> {
  build ??= assembleBuild();
  if (!handler || options.fresh) {
    const { createAppHandler } = await import("~/request-handler.server");
    handler = createAppHandler(await build);
  }
  return handler;
}

/** Sends a request through the app as the server would, from `socketAddress`; a Host header is added as a browser sends one. */
export async function send(request: Request, connection: Partial<Connection> = {}): Promise<Response> {
  const handle = await appHandler();
  if (!request.headers.has("Host")) request.headers.set("Host", new URL(request.url).host);
  return handle(request, { socketAddress: "127.0.0.1", cspNonce: "test-nonce", requestId: "test-request", ...connection });
}

/** A GET as a browser sends it, with the cookies of `jar` if given. */
export function page(pathname: string, headers: Record<string, string> = {}): Request {
  return new Request(new URL(pathname, BASE), { headers });
}

/** A form post as a browser on this site sends it. */
export function formPost(pathname: string, fields: Record<string, string>, headers: Record<string, string> = {}): Request {
  return new Request(new URL(pathname, BASE), {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: new URL(BASE).origin, ...headers },
  });
}
