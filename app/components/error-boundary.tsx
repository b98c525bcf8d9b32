import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { useTranslation } from "~/i18n/use-translation";

/**
 * Error pages are rare, so what draws them (./error-page.tsx) loads when one
 * is shown, not with every page. The server renders them whole: the page
 * reads the same before that code arrives, and without JavaScript.
 */
const ErrorPage = lazy(() => import("./error-page"));

/**
 * The error page every route exports: 404 'Página não encontrada', 403, a
 * generic message for anything else, and the profile and directory pages'
 * own (see ./error-page.tsx). `heading`: a profile's 'Psicólogo não
 * encontrado' is the page's h1 (an h2 in the modal). Booking step 3 adds its
 * 'Complete seu cadastro' card (./complete-profile.tsx).
 */
export function GeneralErrorBoundary({ heading }: { heading?: boolean }) {
  const error = useRouteError();
  const { t } = useTranslation();
  return (
    <Suspense>
      <ErrorPage response={isRouteErrorResponse(error) ? error : null} t={t} heading={heading} />
    </Suspense>
  );
}
