/** /payment/success: the spec's second address of the success return (the appointment comes from the query). */
export { default, ErrorBoundary, loader, meta } from "./_patient.appointment.success.$id";
