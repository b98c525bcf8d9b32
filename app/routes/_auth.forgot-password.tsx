import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NarrowCard } from "~/components/narrow-card";
import { Field, FormErrors, SubmitButton, useIsSubmitting } from "~/components/forms";
import { pageTranslations } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { requestPasswordReset } from "~/services/accounts.server";
import { redirectWithToast } from "~/services/toast.server";
import { routeMeta } from "~/utils/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  const { t, translations } = await pageTranslations(request, ["auth"]);
  return { translations, title: t("meta.forgotTitle") };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => routeMeta(matches, { title: data?.title });

/** The same answer whether or not the e-mail has an account: no enumeration. */
export async function action({ request }: ActionFunctionArgs) {
  const { t } = await pageTranslations(request, ["auth"]);
  const schema = z.object({ email: z.string({ message: t("errors.required") }).trim().email(t("errors.invalidEmail")) });
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  await requestPasswordReset(submission.value.email);
  return redirectWithToast("/login", { type: "success", title: t("success.resetRequested") });
}

export default function ForgotPassword() {
  const { t } = useTranslation("auth");
  const [form, fields] = useForm<{ email: string }>({ lastResult: useActionData<typeof action>() });
  const pending = useIsSubmitting();
  return (
    <NarrowCard title={t("forgot.heading")} intro={t("forgot.intro")}>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field meta={fields.email} label={t("fields.email")} type="email" inputProps={{ autoComplete: "email", inputMode: "email" }} />
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
