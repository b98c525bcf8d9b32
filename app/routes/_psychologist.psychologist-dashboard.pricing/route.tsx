import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorList, FormErrors, SubmitButton } from "~/components/forms";
import { useTranslation } from "~/i18n/use-translation";
import { requirePsychologist } from "~/services/session.server";
import { formatMoney } from "~/utils/format";
import { pricingTabData, savePricing } from "./pricing.server";

/** /psychologist-dashboard/pricing — the 30- and 60-minute prices (spec 02, 'Pricing tab'). */
export async function loader({ request }: LoaderFunctionArgs) {
  return pricingTabData(request, await requirePsychologist(request));
}

export async function action({ request }: ActionFunctionArgs) {
  return savePricing(request, await requirePsychologist(request));
}

const toInput = (cents: number) => (cents / 100).toFixed(2);

/** What a typed amount is in centavos, for the preview only (the server decides on save). */
function previewCents(value: string): number | null {
  const match = /^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(value);
  return match ? Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0")) : null;
}

export default function PricingTab() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const { t, locale } = useTranslation("practice");
  const [form, fields] = useForm<{ price30: string; price60: string }>({
    id: "pricing",
    lastResult: result,
    defaultValue: { price30: toInput(data.prices[30]), price60: toInput(data.prices[60]) },
  });
  // The preview follows the inputs as they are typed (with JS); without JS it shows what the page was rendered with.
  const [typed, setTyped] = useState<Record<"price30" | "price60", string>>({
    price30: String(fields.price30.initialValue ?? toInput(data.prices[30])),
    price60: String(fields.price60.initialValue ?? toInput(data.prices[60])),
  });

  return (
    <section aria-labelledby="tab-title" className="grid gap-6 lg:grid-cols-2">
      <div className="card">
        <h2 id="tab-title" className="text-xl font-semibold">
          {t("pricing.heading")}
        </h2>
        <p className="muted mt-1 text-sm">{data.saved ? t("pricing.savedNote") : t("pricing.defaultNote")}</p>
        <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
          <FormErrors id={form.errorId} errors={form.errors} />
          {(["price30", "price60"] as const).map((name) => (
            <div key={name}>
              <label htmlFor={fields[name].id} className="block text-sm font-medium">
                {t(`pricing.${name}`)}
              </label>
              <div className="mt-1 flex items-center gap-2">
                <span aria-hidden="true">R$</span>
                <input
                  {...getInputProps(fields[name], { type: "number", ariaDescribedBy: fields[name].errors ? fields[name].errorId : undefined })}
                  key={fields[name].key}
                  step="0.01"
                  min="0"
                  inputMode="decimal"
                  className="input max-w-40"
                  onInput={(event) => {
                    // Read now: React clears currentTarget once the event is handled, before the update runs.
                    const value = event.currentTarget.value;
                    setTyped((current) => ({ ...current, [name]: value }));
                  }}
                />
              </div>
              <ErrorList id={fields[name].errorId} errors={fields[name].errors} />
            </div>
          ))}
          <p className="muted text-sm">{t("pricing.futureOnly")}</p>
          <SubmitButton>{t("pricing.save")}</SubmitButton>
        </Form>
      </div>

      <aside className="card" aria-labelledby="preview-title">
        <h3 id="preview-title" className="font-semibold">
          {t("pricing.preview")}
        </h3>
        <dl className="mt-3 space-y-2">
          {(["price30", "price60"] as const).map((name) => {
            const cents = previewCents(typed[name]);
            return (
              <div key={name} className="flex justify-between gap-4">
                <dt>{t(`pricing.previewLabel.${name}`)}</dt>
                <dd className="font-semibold" aria-live="polite">
                  {cents !== null && cents > 0 ? formatMoney(cents, locale) : "—"}
                </dd>
              </div>
            );
          })}
        </dl>
      </aside>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
