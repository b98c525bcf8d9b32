import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NarrowCard } from "~/components/narrow-card";
import { errorFocus, Field, FormErrors, SubmitButton, useIsSubmitting } from "~/components/forms";
import { useTranslation } from "~/i18n/use-translation";
import { loaderMeta } from "~/utils/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  // Imported here so the browser bundle carries no stub of the server modules (see root.tsx).
  const [{ pageTranslations }, { pageMeta }, { isTokenUsable }] = await Promise.all([
    import("~/i18n/i18n.server"),
    import("~/services/page-meta.server"),
    import("~/models/auth-token.server"),
  ]);
  const { t, translations } = await pageTranslations(request, ["auth"]);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = token !== "" && (await isTokenUsable("password_reset", token));
  return { translations, token, valid, meta: await pageMeta(request, { title: t("meta.resetTitle"), noindex: true }) };
}

export const meta = loaderMeta;

export async function action({ request }: ActionFunctionArgs) {
  const [{ pageTranslations }, { newPasswordSchema }, { AccountError, resetPassword }, { redirectWithToast }] = await Promise.all([
    import("~/i18n/i18n.server"),
    import("./_auth.login/auth-forms.server"),
    import("~/services/accounts.server"),
    import("~/services/toast.server"),
  ]);
  const { t } = await pageTranslations(request, ["auth"]);
  const submission = parseWithZod(await request.formData(), { schema: newPasswordSchema(t) });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password", "confirmPassword"] }), { status: 400 });
  try {
    await resetPassword(submission.value.token, submission.value.password);
  } catch (error) {
    if (error instanceof AccountError) return data(submission.reply({ formErrors: [t(error.key)], hideFields: ["password", "confirmPassword"] }), { status: error.status });
    throw error;
  }
  return redirectWithToast("/login", { type: "success", title: t("success.passwordReset") });
}

export default function ResetPassword() {
  const { t } = useTranslation("auth");
  const { token, valid } = useLoaderData<typeof loader>();
  const [form, fields] = useForm<{ token: string; password: string; confirmPassword: string }>({ lastResult: useActionData<typeof action>() });
  const pending = useIsSubmitting();
  const focus = errorFocus(form, fields, ["password", "confirmPassword"]);
  if (!valid) {
    return (
      <NarrowCard title={t("reset.invalidHeading")} intro={t("errors.tokenInvalid")}>
        <Link to="/forgot-password" className="btn-primary mt-6">
          {t("buttons.forgot")}
        </Link>
      </NarrowCard>
    );
  }
  return (
    <NarrowCard title={t("reset.heading")} intro={t("reset.intro")}>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
        <input type="hidden" name="token" value={token} />
        <FormErrors id={form.errorId} errors={form.errors} autoFocus={focus === "form"} />
        <Field meta={fields.password} label={t("fields.newPassword")} type="password" hint={t("fields.passwordHint")} inputProps={{ autoComplete: "new-password", autoFocus: focus === "password" }} />
        <Field meta={fields.confirmPassword} label={t("fields.confirmPassword")} type="password" inputProps={{ autoComplete: "new-password", autoFocus: focus === "confirmPassword" }} />
        <SubmitButton pending={pending}>{t("buttons.savePassword")}</SubmitButton>
      </Form>
    </NarrowCard>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
