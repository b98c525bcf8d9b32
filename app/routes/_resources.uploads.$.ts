import type { LoaderFunctionArgs } from "@remix-run/node";
import { readStoredFile } from "~/providers/storage.server";

/**
 * Uploaded photos. Names are random and never reused, so they can be cached
 * for good — but only a psychologist's public photo (photos/) by shared
 * caches: a patient's avatar (avatars/) is personal, and a copy kept by a
 * proxy or CDN would outlive its deletion.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const key = params["*"] ?? "";
  const file = await readStoredFile(key);
  if (!file) throw new Response(null, { status: 404 });
  const scope = key.startsWith("photos/") ? "public" : "private";
  return new Response(new Uint8Array(file.body), {
    headers: { "Content-Type": file.contentType, "Cache-Control": `${scope}, max-age=31536000, immutable`, "X-Content-Type-Options": "nosniff" },
  });
}
