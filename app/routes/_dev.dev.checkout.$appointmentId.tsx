import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, Form, Link, redirect, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors } from "~/components/forms";
import { checkoutFormSchema, localCheckoutFor, payLocally } from "~/services/local-checkout.server";
import { pageMeta } from "~/services/page-meta.server";
import { requirePatient } from "~/services/session.server";
import { requireDevelopment } from "~/utils/dev-only.server";
import { formatMoney } from "~/utils/format";
import { formatDay, formatSlotRange } from "~/utils/booking-format";
import { dateInZone } from "~/domain/slots";
import { UUID } from "~/services/booking-pages.server";
import { loaderMeta } from "~/utils/meta";

/**
 * /dev/checkout/{appointmentId}: the local payment provider's checkout
 * (development only; not translated, like the outbox). Each button records
 * a payment, delivers the signed notification to the webhook handler and
 * returns to the page Mercado Pago would.
 */

type PayableView = Exclude<Awaited<ReturnType<typeof localCheckoutFor>>, { reason: "not_found" }>;

async function checkout(request: Request, appointmentId: string | undefined): Promise<PayableView> {
  requireDevelopment();
  const user = await requirePatient(request);
  const id = appointmentId ?? "";
  const view = UUID.test(id) ? await localCheckoutFor(user.id, id) : null;
  if (!view || (!view.ok && view.reason === "not_found")) throw new Response(null, { status: 404 });
  return view as PayableView;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const view = await checkout(request, params.appointmentId);
  const { appointment } = view;
  const zone = "America/Sao_Paulo";
  return {
    payable: view.ok,
    psychologist: appointment.psychologistName,
    amount: formatMoney(appointment.priceCents, "pt-BR"),
    when: `${formatDay(dateInZone(appointment.startsAt, zone), "pt-BR")}, ${formatSlotRange(appointment.startsAt, appointment.endsAt, zone)}`,
    duration: appointment.durationMinutes,
    meta: await pageMeta(request, { title: "Checkout local (desenvolvimento)", noindex: true }),
  };
}

export const meta = loaderMeta;

export async function action({ request, params }: ActionFunctionArgs) {
  const view = await checkout(request, params.appointmentId);
  const submission = parseWithZod(await request.formData(), { schema: checkoutFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  if (!view.ok) return data(submission.reply({ formErrors: ["Esta consulta não está mais aguardando pagamento."] }), { status: 409 });
  return redirect(await payLocally(view.appointment, submission.value.outcome, submission.value.method), 303);
}

/** The methods Mercado Pago's page offers; this development page is in Portuguese only, like the outbox. */
const LOCAL_METHODS = [
  ["pix", "PIX"],
  ["credit_card", "Cartão de crédito"],
  ["debit_card", "Cartão de débito"],
] as const;

export default function LocalCheckout() {
  const checkout = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = result && "error" in result && result.error ? Object.values(result.error).flat().filter((error): error is string => typeof error === "string") : null;
  return (
    <section className="container-page max-w-md py-10" aria-labelledby="checkout-title">
      <div className="card">
        <p className="text-xs font-semibold uppercase tracking-wide text-amber-700">Modo local — nenhum dinheiro é cobrado</p>
        <h1 id="checkout-title" className="mt-2 text-2xl font-bold">
          Checkout local
        </h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          Consulta de {checkout.duration} min com {checkout.psychologist} — {checkout.when} (horário de Brasília)
        </p>
        <p className="mt-4 text-3xl font-bold" data-testid="amount">
          {checkout.amount}
        </p>
        {checkout.payable ? (
          <Form method="post" reloadDocument className="mt-6 flex flex-col gap-3">
            <FormErrors errors={errors} autoFocus />
            <fieldset className="space-y-2 text-sm">
              <legend className="font-semibold">Forma de pagamento</legend>
              {LOCAL_METHODS.map(([value, label]) => (
                <label key={value} className="flex items-center gap-2">
                  <input type="radio" name="method" value={value} defaultChecked={value === "pix"} />
                  {label}
                </label>
              ))}
            </fieldset>
            <button type="submit" name="outcome" value="approved" className="btn-primary">
              Aprovar pagamento
            </button>
            <button type="submit" name="outcome" value="pending" className="btn-secondary">
              Deixar pendente
            </button>
            <button type="submit" name="outcome" value="rejected" className="btn-secondary">
              Recusar pagamento
            </button>
          </Form>
        ) : (
          <div className="mt-6">
            <p role="alert">Esta consulta não está mais aguardando pagamento.</p>
            <Link to="/patient-dashboard" className="btn-secondary mt-4">
              Ver Minhas Consultas
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
