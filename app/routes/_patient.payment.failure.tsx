/** /payment/failure: the spec's second address of the failure return. */
export { default, ErrorBoundary, loader, meta } from "./_patient.appointment.failure";
