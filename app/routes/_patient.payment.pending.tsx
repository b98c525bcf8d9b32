/** /payment/pending: the spec's second address of the pending return. */
export { default, ErrorBoundary, loader, meta } from "./_patient.appointment.pending";
