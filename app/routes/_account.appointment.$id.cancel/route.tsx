import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CancelForm, type CancelAnswer } from "~/components/cancel-appointment";
import { useIsSubmitting } from "~/components/forms";
import { useTranslation } from "~/i18n/use-translation";
import { requireUser } from "~/services/session.server";
import { loaderMeta } from "~/utils/meta";
import { cancelAction, cancelPageData } from "./cancel.server";

/**
 * /appointment/{id}/cancel — 'Cancelar consulta' for the patient or the
 * psychologist: what goes back under the policy of the booking, the reason,
 * and the POST (the server decides the refund again at that moment).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return cancelPageData(request, await requireUser(request), params.id ?? "");
}

export async function action({ request, params }: ActionFunctionArgs) {
  return cancelAction(request, await requireUser(request), params.id ?? "");
}

export const meta = loaderMeta;

export default function CancelAppointment() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as CancelAnswer;
  const { t } = useTranslation("cancellation");
  const submitting = useIsSubmitting();
  return (
    <section className="container-page max-w-xl py-8" aria-labelledby="cancel-title">
      <h1 id="cancel-title" className="text-2xl font-bold">
        {t("title")}
      </h1>
      <CancelForm
        data={data}
        answer={answer}
        t={t}
        FormComponent={Form}
        submitting={submitting}
        leave={(label) => (
          <Link to={data.back} className="btn-secondary">
            {label}
          </Link>
        )}
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
