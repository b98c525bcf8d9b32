import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { TFunction } from "i18next";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NarrowCard } from "~/components/narrow-card";
import { Field, FormErrors, SubmitButton, useIsSubmitting } from "~/components/forms";
import { pageTranslations } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { isTokenUsable } from "~/models/auth-token.server";
import { AccountError, resetPassword } from "~/services/accounts.server";
import { redirectWithToast } from "~/services/toast.server";
import { routeMeta } from "~/utils/meta";

export function newPasswordSchema(t: TFunction) {
  return z
    .object({
      token: z.string().min(1),
      password: z.string({ message: t("errors.required") }).max(200),
      confirmPassword: z.string({ message: t("errors.required") }).max(200),
    })
    .superRefine((value, ctx) => {
      if (value.password.length < 8) ctx.addIssue({ code: "custom", path: ["password"], message: t("errors.passwordTooShort") });
      else if (value.password !== value.confirmPassword)
        ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: t("errors.passwordsMismatch") });
    });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { t, translations } = await pageTranslations(request, ["auth"]);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { translations, token, valid: token !== "" && (await isTokenUsable("password_reset", token)), title: t("meta.resetTitle") };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => routeMeta(matches, { title: data?.title, noindex: true });

export async function action({ request }: ActionFunctionArgs) {
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
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field meta={fields.password} label={t("fields.newPassword")} type="password" hint={t("fields.passwordHint")} inputProps={{ autoComplete: "new-password" }} />
        <Field meta={fields.confirmPassword} label={t("fields.confirmPassword")} type="password" inputProps={{ autoComplete: "new-password" }} />
        <SubmitButton pending={pending}>{t("buttons.savePassword")}</SubmitButton>
      </Form>
    </NarrowCard>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
