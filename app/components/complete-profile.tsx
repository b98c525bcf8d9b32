import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import type { CompleteProfileNotice } from "~/services/session.server";
import { GeneralErrorBoundary } from "./error-boundary";

/**
 * The error boundary of the pages behind requireBookingPatient (booking
 * step 3): the spec's 'Complete seu cadastro' card for a signed-in person
 * whose profile the page needs, the general error page otherwise. Kept out
 * of GeneralErrorBoundary, which every page loads.
 */
export function CompleteProfileBoundary() {
  const error = useRouteError();
  const notice = isRouteErrorResponse(error) && isCompleteProfileNotice(error.data) ? error.data.completeProfile : null;
  if (!notice) return <GeneralErrorBoundary />;
  const { title, body, complete, home, href } = notice;
  return (
    <section className="container-page py-16" aria-labelledby="complete-profile-title">
      <div className="card mx-auto max-w-md text-center">
        <h1 id="complete-profile-title" className="text-2xl font-bold">
          {title}
        </h1>
        <p className="muted mt-3">{body}</p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Link to={href} className="btn-primary">
            {complete}
          </Link>
          <Link to="/" className="btn-secondary">
            {home}
          </Link>
        </div>
      </div>
    </section>
  );
}

function isCompleteProfileNotice(value: unknown): value is CompleteProfileNotice {
  return typeof value === "object" && value !== null && "completeProfile" in value;
}
