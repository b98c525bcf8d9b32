/** /schedule: the spec's first address of booking step 1. */
export { default, ErrorBoundary, loader, meta } from "./_public.schedule.step1";
