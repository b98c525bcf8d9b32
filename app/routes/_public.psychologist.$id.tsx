import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ProfileSummary } from "~/components/psychologist";
import { loaderMeta } from "~/utils/meta";

/** /psychologist/{id}: the public profile as a page of its own (the spec's second address for it). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { loadPublicProfile } = await import("~/services/public-profile.server");
  return loadPublicProfile(request, params.id ?? "");
}

// One profile, one canonical address: /psychologists/{id} (the loader's meta says so).
export const meta = loaderMeta;

export default function PublicProfilePage() {
  const { profile, shareUrl } = useLoaderData<typeof loader>();
  return (
    <section className="container-page max-w-3xl py-10">
      <div className="card">
        <ProfileSummary profile={profile} shareUrl={shareUrl} heading />
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <section className="page-message">
      <GeneralErrorBoundary heading />
    </section>
  );
}
