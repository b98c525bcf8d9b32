import type { LoaderFunctionArgs } from "@remix-run/node";
import { readStoredFile } from "~/providers/storage.server";

/** Uploaded photos. Names are random and never reused, so they can be cached for good. */
export async function loader({ params }: LoaderFunctionArgs) {
  const file = await readStoredFile(params["*"] ?? "");
  if (!file) throw new Response(null, { status: 404 });
  return new Response(new Uint8Array(file.body), {
    headers: { "Content-Type": file.contentType, "Cache-Control": "public, max-age=31536000, immutable", "X-Content-Type-Options": "nosniff" },
  });
}
