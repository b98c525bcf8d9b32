import { GeneralErrorBoundary } from "~/components/error-boundary";
import { loaderMeta } from "~/utils/meta";

/** Every URL no other route claims: a Portuguese 404 inside the site layout. */
export function loader() {
  throw new Response(null, { status: 404, statusText: "Not Found" });
}

export const meta = loaderMeta;

export default function NotFound() {
  return <GeneralErrorBoundary />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
