import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ProfileModal } from "~/components/profile-modal";
import { ProfileSummary } from "~/components/psychologist";
import { loaderMeta } from "~/utils/meta";

/**
 * /psychologists/{id}: the profile modal 'Perfil do Psicólogo' over the
 * directory (this route renders in its <Outlet/>). A real URL: shared links
 * land here, and without JavaScript it is the page itself; closing goes
 * back to the list with its filters.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { loadPublicProfile } = await import("~/services/public-profile.server");
  return loadPublicProfile(request, params.id ?? "");
}

export const meta = loaderMeta;

export default function ProfileModalRoute() {
  const { profile, shareUrl } = useLoaderData<typeof loader>();
  return (
    <ProfileModal>
      <ProfileSummary profile={profile} shareUrl={shareUrl} />
    </ProfileModal>
  );
}

export function ErrorBoundary() {
  return (
    <ProfileModal>
      <GeneralErrorBoundary />
    </ProfileModal>
  );
}
