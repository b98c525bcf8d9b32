import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { listMail } from "~/models/mail.server";
import { pageMeta } from "~/services/page-meta.server";
import { requireDevelopment } from "~/utils/dev-only.server";
import { loaderMeta } from "~/utils/meta";

/** /dev/outbox: every e-mail the platform wrote, newest first (development only; not translated). */
export async function loader({ request }: LoaderFunctionArgs) {
  requireDevelopment();
  return { messages: await listMail(), meta: await pageMeta(request, { title: "Outbox (desenvolvimento)", noindex: true }) };
}

export const meta = loaderMeta;

export default function Outbox() {
  const { messages } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-8">
      <h1 className="text-2xl font-bold">Outbox</h1>
      <p className="mt-1 text-sm text-slate-600">E-mails gravados pela aplicação. Sem SMTP configurado, nada sai desta máquina.</p>
      {messages.length === 0 ? (
        <p className="mt-6">Nenhuma mensagem.</p>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {messages.map((message) => (
            <li key={message.id} className="p-3">
              <Link to={`/dev/outbox/${message.id}`} reloadDocument className="font-semibold text-teal-800 underline dark:text-teal-300">
                {message.subject}
              </Link>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {message.to_email} · {message.template} · {message.locale} · {message.status}
                {message.transport ? ` (${message.transport})` : ""} · {new Date(message.created_at).toISOString()}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
