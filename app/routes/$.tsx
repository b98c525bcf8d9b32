import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { routeMeta } from "~/utils/meta";

/** Every URL no other route claims: a Portuguese 404 inside the site layout. */
export function loader() {
  throw new Response(null, { status: 404, statusText: "Not Found" });
}

export const meta: MetaFunction = ({ matches }) => routeMeta(matches, { noindex: true });

export default function NotFound() {
  return <GeneralErrorBoundary />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
