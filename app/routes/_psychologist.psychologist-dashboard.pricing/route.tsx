import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useState } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LoadError } from "~/components/load-error";
import { ErrorList, errorFocus, FormErrors, SubmitButton } from "~/components/forms";
import { useTranslation } from "~/i18n/use-translation";
import { requirePsychologist } from "~/services/session.server";
import { formatMoney } from "~/utils/format";
import { pricingAction, pricingTabData } from "./pricing.server";

/** /psychologist-dashboard/pricing — the 30- and 60-minute prices (spec 02, 'Pricing tab'). */
export async function loader({ request }: LoaderFunctionArgs) {
  return pricingTabData(request, await requirePsychologist(request));
}

export async function action({ request }: ActionFunctionArgs) {
  return pricingAction(request, await requirePsychologist(request));
}

const toInput = (cents: number) => (cents / 100).toFixed(2);

/** What a typed amount is in centavos, for the preview only (the server decides on save). */
function previewCents(value: string): number | null {
  const match = /^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(value);
  return match ? Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0")) : null;
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

export default function PricingTab() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as SubmissionResult<string[]> | { policiesErrors: string[]; policiesValues: Record<string, unknown> } | undefined;
  // Each form reads only its own answer.
  const result = answer && !("policiesErrors" in answer) ? answer : undefined;
  const policiesErrors = answer && "policiesErrors" in answer ? answer.policiesErrors : null;
  const policiesSent = answer && "policiesErrors" in answer ? answer.policiesValues : null;
  const { t } = useTranslation("practice");
  // A save answers with a redirect (a new location): the form starts afresh from the saved prices, without the refused try's errors.
  const { key: locationKey } = useLocation();
  return (
    <>
      {data.prices ? (
        <PricesForm key={locationKey} prices={data.prices} saved={data.saved} result={result} />
      ) : (
        <section aria-labelledby="tab-title" className="card">
          <h2 id="tab-title" className="mb-4 text-xl font-semibold">
            {t("pricing.heading")}
          </h2>
          <LoadError message={data.pricesError ?? ""} retry={t("retry")} />
        </section>
      )}
      {data.policies ? (
        <PoliciesForm policies={data.policies} errors={policiesErrors} sent={policiesSent} />
      ) : (
        <section aria-labelledby="policies-title" className="card mt-6">
          <h2 id="policies-title" className="mb-4 text-xl font-semibold">
            {t("policies.heading")}
          </h2>
          <LoadError message={data.policiesError ?? ""} retry={t("retry")} />
        </section>
      )}
    </>
  );
}

/** The two prices and their preview. */
function PricesForm({ prices, saved, result }: { prices: NonNullable<Data["prices"]>; saved: boolean; result: SubmissionResult<string[]> | undefined }) {
  const { t, locale } = useTranslation("practice");
  const [form, fields] = useForm<{ price30: string; price60: string }>({
    id: "pricing",
    lastResult: result,
    defaultValue: { price30: toInput(prices[30]), price60: toInput(prices[60]) },
  });
  // The preview follows the inputs as they are typed (with JS); without JS it shows what the page was rendered with.
  const [typed, setTyped] = useState<Record<"price30" | "price60", string>>({
    price30: String(fields.price30.initialValue ?? toInput(prices[30])),
    price60: String(fields.price60.initialValue ?? toInput(prices[60])),
  });
  const focus = errorFocus(form, fields, ["price30", "price60"]);

  return (
    <section aria-labelledby="tab-title" className="grid gap-6 lg:grid-cols-2">
      <div className="card">
        <h2 id="tab-title" className="text-xl font-semibold">
          {t("pricing.heading")}
        </h2>
        <p className="muted mt-1 text-sm">{saved ? t("pricing.savedNote") : t("pricing.defaultNote")}</p>
        <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
          <FormErrors id={form.errorId} errors={form.errors} autoFocus={focus === "form"} />
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
                  autoFocus={focus === name}
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

type Policies = NonNullable<Data["policies"]>;

/**
 * 'Políticas': cancellation refunds and reschedule limits; new bookings keep the version in force when they are made.
 * A refused form is refilled from what was sent (`sent`), not from the saved policy.
 */
function PoliciesForm({ policies, errors, sent }: { policies: Policies; errors: string[] | null; sent: Record<string, unknown> | null }) {
  const { t } = useTranslation("practice");
  const { cancellation, reschedule } = policies;
  const sentText = (name: string) => (typeof sent?.[name] === "string" ? (sent[name] as string) : undefined);
  const number = (name: string, label: string, value: number, max: number) => (
    <label className="block text-sm font-medium">
      {label}
      <input type="number" name={name} defaultValue={sentText(name) ?? value} min={0} max={max} step={1} required inputMode="numeric" className="input mt-1 w-28" />
    </label>
  );
  const exceptions = [
    ["medicalEmergency", cancellation.exceptions.medicalEmergency],
    ["technicalIssues", cancellation.exceptions.technicalIssues],
    ["weatherConditions", cancellation.exceptions.weatherConditions],
  ] as const;
  return (
    <section aria-labelledby="policies-title" className="card mt-6">
      <h2 id="policies-title" className="text-xl font-semibold">
        {t("policies.heading")}
      </h2>
      <p className="muted mt-1 text-sm">{policies.saved ? t("policies.savedNote") : t("policies.defaultNote")}</p>
      <Form method="post" className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="policies" />
        {errors ? <FormErrors errors={errors} autoFocus /> : null}
        <fieldset className="grid gap-3 sm:grid-cols-3">
          <legend className="mb-2 font-semibold">{t("policies.cancellation")}</legend>
          {number("noFeeHours", t("policies.noFeeHours"), cancellation.noFeeThresholdHours, 720)}
          {number("partialHours", t("policies.partialHours"), cancellation.partialRefundThresholdHours, 720)}
          {number("partialPercent", t("policies.partialPercent"), cancellation.partialRefundPercent, 100)}
        </fieldset>
        <fieldset>
          <legend className="mb-2 text-sm font-medium">{t("policies.exceptions")}</legend>
          {exceptions.map(([name, checked]) => (
            <label key={name} className="me-4 inline-flex items-center gap-2 text-sm">
              <input type="checkbox" name={name} defaultChecked={sent ? sent[name] !== undefined : checked} />
              {t(`policies.exception.${name}`)}
            </label>
          ))}
        </fieldset>
        <fieldset className="grid gap-3 sm:grid-cols-3">
          <legend className="mb-2 font-semibold">{t("policies.reschedule")}</legend>
          {number("maxReschedules", t("policies.maxReschedules"), reschedule.maxReschedulesPerAppointment, 10)}
          {number("minHoursBefore", t("policies.minHoursBefore"), reschedule.minHoursBeforeAppointment, 720)}
        </fieldset>
        <p className="muted text-sm">{t("policies.futureOnly")}</p>
        <SubmitButton className="btn-primary">{t("policies.save")}</SubmitButton>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
