import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ProfileSummary } from "~/components/profile";
import { ProfileNotFound } from "~/components/profile-not-found";
import { routeMeta } from "~/utils/meta";

/** /psychologist/{id}: the public profile as a page of its own (the spec's second address for it). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { loadPublicProfile } = await import("~/services/public-profile.server");
  return loadPublicProfile(request, params.id ?? "");
}

// One profile, one canonical address: /psychologists/{id} (the loader's meta says so).
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => routeMeta(matches, data?.meta ?? { noindex: true });

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
      <ProfileNotFound heading />
    </section>
  );
}
