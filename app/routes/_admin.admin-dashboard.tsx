/** /admin-dashboard: the spec's second address of the admin dashboard. */
export { default, ErrorBoundary, loader, meta } from "./_admin.admin";
