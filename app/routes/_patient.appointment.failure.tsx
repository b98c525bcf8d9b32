import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PaymentResult } from "~/components/payment-result";
import { paymentReturnPage } from "~/services/payment-return.server";
import { loaderMeta } from "~/utils/meta";

/** /appointment/failure (and /payment/failure): the checkout's failure return; the page shows what the server knows. */
export const loader = ({ request }: LoaderFunctionArgs) => paymentReturnPage(request, undefined, "failure");

export const meta = loaderMeta;

export default function PaymentFailure() {
  return <PaymentResult data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
