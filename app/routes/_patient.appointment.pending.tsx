import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PaymentResult } from "~/components/payment-result";
import { paymentReturnPage } from "~/services/payment-return.server";
import { loaderMeta } from "~/utils/meta";

/** /appointment/pending (and /payment/pending): the checkout's pending return; the page shows what the server knows. */
export const loader = ({ request }: LoaderFunctionArgs) => paymentReturnPage(request, undefined, "pending");

export const meta = loaderMeta;

export default function PaymentPending() {
  return <PaymentResult data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
