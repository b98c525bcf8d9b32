import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getMail } from "~/models/mail.server";
import { renderMail } from "~/services/mail.server";
import { contentDisposition } from "~/utils/content-disposition";
import { requireDevelopment } from "~/utils/dev-only.server";

/** One outbox message as the recipient would see it (?format=text for the plain part, ?attachment=N for a file). */
export async function loader({ params, request }: LoaderFunctionArgs) {
  requireDevelopment();
  const id = z.string().uuid().safeParse(params.id);
  const mail = id.success ? await getMail(id.data) : undefined;
  if (!mail) throw new Response(null, { status: 404 });
  const url = new URL(request.url);
  const attachment = url.searchParams.get("attachment");
  if (attachment !== null) {
    const file = mail.attachments[Number(attachment)];
    if (!file) throw new Response(null, { status: 404 });
    return new Response(new Uint8Array(Buffer.from(file.content, "base64")), {
      headers: { "Content-Type": file.contentType, "Content-Disposition": contentDisposition(file.filename) },
    });
  }
  // As the recipient got it: the link token put back while it still works (development only).
  const body = renderMail(mail) ?? { html: mail.html, text: mail.text };
  if (url.searchParams.get("format") === "text") {
    return new Response(body.text, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(body.html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}
