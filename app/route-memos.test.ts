import { matchPath, matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { createStaticRouter, type StaticHandlerContext } from "react-router-dom/server";
import { describe, expect, it } from "vitest";

/**
 * The patches in patches/ (docs/decisions/022): a route tree is flattened,
 * ranked and converted once, and each path pattern compiled once, where the
 * libraries did it at every match and every render. Matching must stay what
 * it was.
 */

/** A route tree whose routes count how often their `path` is read (flattening reads each route's). */
function countedTree() {
  let reads = 0;
  const route = (id: string, path: string | undefined, extra: Partial<AgnosticRouteObject> = {}) =>
    Object.defineProperty({ id, ...extra } as AgnosticRouteObject, "path", {
      get: () => ((reads += 1), path),
      enumerable: true,
    });
  const routes = [
    route("root", "", {
      children: [
        route("index", undefined, { index: true }),
        route("directory", "psychologists", { children: [route("profile", ":id")] }),
        route("cancel", "appointment/:id/cancel"),
        route("uploads", "uploads/*"),
        route("missing", "*"),
      ],
    }),
  ];
  return { routes, reads: () => reads };
}

const ids = (matches: ReturnType<typeof matchRoutes>) => matches?.map((match) => match.route.id);

describe("route matching on a kept route tree", () => {
  it("matches every kind of path as before, each time", () => {
    const { routes } = countedTree();
    for (let round = 0; round < 2; round += 1) {
      expect(ids(matchRoutes(routes, "/"))).toEqual(["root", "index"]);
      expect(ids(matchRoutes(routes, "/psychologists"))).toEqual(["root", "directory"]);
      const profile = matchRoutes(routes, "/psychologists/abc");
      expect(ids(profile)).toEqual(["root", "directory", "profile"]);
      expect(profile?.at(-1)?.params).toEqual({ id: "abc" });
      expect(matchRoutes(routes, "/appointment/7/cancel")?.at(-1)?.params).toEqual({ id: "7" });
      expect(matchRoutes(routes, "/uploads/a/b.webp")?.at(-1)?.params["*"]).toBe("a/b.webp");
      expect(ids(matchRoutes(routes, "/nowhere/at/all"))).toEqual(["root", "missing"]);
      // Case-insensitive by default, as before.
      expect(ids(matchRoutes(routes, "/PSYCHOLOGISTS"))).toEqual(["root", "directory"]);
    }
  });

  it("flattens a tree once, however often it is matched", () => {
    const { routes, reads } = countedTree();
    matchRoutes(routes, "/psychologists");
    const afterFirst = reads();
    expect(afterFirst).toBeGreaterThan(0);
    for (let i = 0; i < 10; i += 1) matchRoutes(routes, i % 2 ? "/" : "/psychologists/x");
    expect(reads()).toBe(afterFirst);
  });

  it("still matches after more patterns than it keeps (any caller's matchPath)", () => {
    const { routes } = countedTree();
    for (let i = 0; i < 1_500; i += 1) expect(matchPath(`/p${i}/:id`, `/p${i}/x`)?.params).toEqual({ id: "x" });
    expect(matchPath("/p7/:id", "/p8/x")).toBeNull();
    expect(matchRoutes(routes, "/appointment/7/cancel")?.at(-1)?.params).toEqual({ id: "7" });
  });

  it("gives each caller matches of its own: changing one result leaves the next as found", () => {
    const { routes } = countedTree();
    const first = matchRoutes(routes, "/psychologists/abc")!;
    // Params are read-only to the type, not to a careless caller.
    (first[2]!.params as Record<string, string>).id = "changed";
    first[0]!.pathname = "/changed";
    first.pop();
    const again = matchRoutes(routes, "/psychologists/abc")!;
    expect(ids(again)).toEqual(["root", "directory", "profile"]);
    expect(again.map((match) => match.pathname)).toEqual(["/", "/psychologists", "/psychologists/abc"]);
    // One params object for the whole branch, as before: a child's params are its parents' too.
    expect(again[0]!.params).toBe(again[2]!.params);
    expect(again[0]!.params).toEqual({ id: "abc" });
  });

  it("still matches after more pathnames than it keeps, encoded or not", () => {
    const { routes } = countedTree();
    for (let i = 0; i < 1_500; i += 1) expect(matchRoutes(routes, `/psychologists/p${i}`)?.at(-1)?.params).toEqual({ id: `p${i}` });
    expect(matchRoutes(routes, "/psychologists/jo%C3%A3o")?.at(-1)?.params).toEqual({ id: "joão" });
    expect(ids(matchRoutes(routes, "/psychologists/p7"))).toEqual(["root", "directory", "profile"]);
  });

  it("keeps each tree apart: another tree with other routes matches by its own", () => {
    const first = countedTree().routes;
    const other: AgnosticRouteObject[] = [{ id: "other-root", path: "/", children: [{ id: "only", path: "psychologists" }] }];
    expect(ids(matchRoutes(first, "/psychologists/abc"))).toEqual(["root", "directory", "profile"]);
    expect(matchRoutes(other, "/psychologists/abc")).toBeNull();
    expect(ids(matchRoutes(other, "/psychologists"))).toEqual(["other-root", "only"]);
  });
});

describe("the static router of a render", () => {
  const context = (pathname: string, matchIds: string[], routes: AgnosticRouteObject[]): StaticHandlerContext => {
    const byId = new Map<string, AgnosticRouteObject>();
    const walk = (list: AgnosticRouteObject[]) => list.forEach((r) => (byId.set(r.id!, r), walk(r.children ?? [])));
    walk(routes);
    return {
      basename: "/",
      location: { pathname, search: "", hash: "", state: null, key: "default" },
      matches: matchIds.map((id) => ({ params: {}, pathname, pathnameBase: pathname, route: byId.get(id)! })),
      loaderData: {},
      actionData: null,
      errors: null,
      statusCode: 200,
      loaderHeaders: {},
      actionHeaders: {},
      activeDeferreds: null,
    } as StaticHandlerContext;
  };

  it("converts a route tree once and gives each render its own matches on it", () => {
    const routes = [{ id: "root", path: "/", children: [{ id: "directory", path: "psychologists" }] }];
    const home = createStaticRouter(routes, context("/", ["root"], routes));
    const directory = createStaticRouter(routes, context("/psychologists", ["root", "directory"], routes));
    expect(directory.routes).toBe(home.routes);
    expect(home.state.matches.map((m) => m.route.id)).toEqual(["root"]);
    expect(directory.state.matches.map((m) => m.route.id)).toEqual(["root", "directory"]);
    // The matches point into the converted tree, as the render needs.
    expect(directory.state.matches[1]!.route).toBe(directory.routes[0]!.children![0]);
  });
});
