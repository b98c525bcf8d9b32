import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, Form, Link, useActionData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NarrowCard } from "~/components/narrow-card";
import { errorFocus, Field, FormErrors, SubmitButton, useIsSubmitting } from "~/components/forms";
import { useTranslation } from "~/i18n/use-translation";
import { loaderMeta } from "~/utils/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  // Imported here so the browser bundle carries no stub of the server modules (see root.tsx).
  const [{ pageTranslations }, { pageMeta }] = await Promise.all([import("~/i18n/i18n.server"), import("~/services/page-meta.server")]);
  const { t, translations } = await pageTranslations(request, ["auth"]);
  return { translations, meta: await pageMeta(request, { title: t("meta.forgotTitle") }) };
}

export const meta = loaderMeta;

/** The same answer whether or not the e-mail has an account: no enumeration. */
export async function action({ request, context }: ActionFunctionArgs) {
  const [{ pageTranslations }, { forgotPasswordSchema }, { AccountError, requestPasswordReset, throttleAccountForm }, { redirectWithToast }] = await Promise.all([
    import("~/i18n/i18n.server"),
    import("./_auth.login/auth-forms.server"),
    import("~/services/accounts.server"),
    import("~/services/toast.server"),
  ]);
  const { t } = await pageTranslations(request, ["auth"]);
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordSchema(t) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await throttleAccountForm("forgot", submission.value.email, context.clientIp ?? null);
  } catch (error) {
    if (error instanceof AccountError) return data(submission.reply({ formErrors: [t(error.key)] }), { status: error.status });
    throw error;
  }
  await requestPasswordReset(submission.value.email);
  return redirectWithToast("/login", { type: "success", title: t("success.resetRequested") });
}

export default function ForgotPassword() {
  const { t } = useTranslation("auth");
  const [form, fields] = useForm<{ email: string }>({ lastResult: useActionData<typeof action>() });
  const pending = useIsSubmitting();
  const focus = errorFocus(form, fields, ["email"]);
  return (
    <NarrowCard title={t("forgot.heading")} intro={t("forgot.intro")}>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} autoFocus={focus === "form"} />
        <Field meta={fields.email} label={t("fields.email")} type="email" inputProps={{ autoComplete: "email", inputMode: "email", autoFocus: focus === "email" }} />
        <SubmitButton pending={pending}>{t("buttons.sendLink")}</SubmitButton>
      </Form>
      <Link to="/login" className="mt-4 inline-block text-sm underline">
        {t("buttons.backToLogin")}
      </Link>
    </NarrowCard>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
