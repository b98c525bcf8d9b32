import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";

/**
 * Calling route loaders and actions the way Remix does, with a small cookie
 * jar so a test can follow a person through sign-in and beyond.
 */

export const BASE = "http://localhost:3000";

export class CookieJar {
  private cookies = new Map<string, string>();

  /** Takes every Set-Cookie of a response (Max-Age=0 removes). */
  take(response: Response | Headers): this {
    const headers = response instanceof Response ? response.headers : response;
    for (const line of headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return this;
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }
}

export function getRequest(path: string, jar?: CookieJar, headers: Record<string, string> = {}): Request {
  return new Request(new URL(path, BASE), { headers: { ...headers, ...(jar ? { Cookie: jar.header() } : {}) } });
}

export function postRequest(path: string, fields: Record<string, string | Blob | string[]> | FormData, jar?: CookieJar, headers: Record<string, string> = {}): Request {
  let body: FormData;
  if (fields instanceof FormData) body = fields;
  else {
    body = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      if (Array.isArray(value)) value.forEach((item) => body.append(name, item));
      else body.append(name, value);
    }
  }
  return new Request(new URL(path, BASE), { method: "POST", body, headers: { ...headers, ...(jar ? { Cookie: jar.header() } : {}) } });
}

type Loader = (args: LoaderFunctionArgs) => unknown;
type Action = (args: ActionFunctionArgs) => unknown;

/**
 * Runs a loader or action and returns its Response: thrown responses
 * (redirects, 404s) are caught, plain data and data() results are wrapped,
 * so every test reads `.status`, headers and `await body(response)` alike.
 */
export async function run(handler: Loader | Action, request: Request, params: Record<string, string> = {}, context: AppLoadContext = {}): Promise<Response> {
  try {
    return toResponse(await handler({ request, params, context }));
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function toResponse(result: unknown): Response {
  if (result instanceof Response) return result;
  if (result && typeof result === "object" && "type" in result && (result as { type: unknown }).type === "DataWithResponseInit") {
    const { data, init } = result as unknown as { data: unknown; init?: ResponseInit | null };
    return Response.json(data, init ?? undefined);
  }
  return Response.json(result);
}

export async function body<T = any>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** Where a redirect points, as a path. */
export function location(response: Response): string | null {
  const value = response.headers.get("Location");
  return value ? new URL(value, BASE).pathname + new URL(value, BASE).search : null;
}
