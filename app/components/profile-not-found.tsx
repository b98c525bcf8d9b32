import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { GeneralErrorBoundary } from "./error-boundary";

/**
 * The profile routes' error boundary content: 'Psicólogo não encontrado'
 * for a 404 (unknown, pending, rejected or suspended: the same answer), the
 * general error page otherwise. The texts come with the 404 itself, since a
 * failed loader sends no translations.
 */
export function ProfileNotFound({ heading }: { heading?: boolean }) {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 404) return <GeneralErrorBoundary />;
  const texts = error.data?.notFound ?? { title: "Psicólogo não encontrado", text: "Este perfil não existe ou não está disponível.", back: "Ver todos os psicólogos" };
  const Title = heading ? "h1" : "h2";
  return (
    <div className="text-center">
      <Title id="profile-title" className="profile-name">
        {texts.title}
      </Title>
      <p className="muted my-3">{texts.text}</p>
      <Link to="/psychologists" className="btn-primary">
        {texts.back}
      </Link>
    </div>
  );
}
