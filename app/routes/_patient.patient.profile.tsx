/** /patient/profile: the spec's second address of the patient profile. */
export { action, default, ErrorBoundary, loader, meta } from "./_patient.patient-profile";
