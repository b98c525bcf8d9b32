import { data, type ActionFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { DEFAULT_NAMESPACE } from "~/i18n/config";
import { pageTranslations } from "~/i18n/i18n.server";
import { loaderMeta } from "~/utils/meta";

/** Every URL no other route claims: a Portuguese 404 inside the site layout. */
export function loader() {
  throw new Response(null, { status: 404, statusText: "Not Found" });
}

/**
 * A form the request handler refused (app/request-handler.server.ts) comes
 * here without its body, so the refusal is a 400 page in the visitor's
 * language. Any other post to an unknown address: 405, as Remix answers a route without an action.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (context.refusal !== "invalid_characters") throw new Response(null, { status: 405, statusText: "Method Not Allowed" });
  const { t } = await pageTranslations(request, [DEFAULT_NAMESPACE]);
  throw data(t("errors.invalidCharacters"), { status: 400 });
}

export const meta = loaderMeta;

export default function NotFound() {
  return <GeneralErrorBoundary />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
