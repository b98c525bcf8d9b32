import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PaymentResult } from "~/components/payment-result";
import { paymentReturnPage } from "~/services/payment-return.server";
import { loaderMeta } from "~/utils/meta";

/** /appointment/success/{id} (and /payment/success?external_reference=…): the checkout's success return. */
export const loader = ({ request, params }: LoaderFunctionArgs) => paymentReturnPage(request, params.id, "success");

export const meta = loaderMeta;

export default function PaymentSuccess() {
  return <PaymentResult data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
