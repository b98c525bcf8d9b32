import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NarrowCard } from "~/components/narrow-card";
import { SubmitButton, useIsSubmitting } from "~/components/forms";
import { pageTranslations } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { isTokenUsable } from "~/models/auth-token.server";
import { verifyEmail } from "~/services/accounts.server";
import { pageMeta } from "~/services/page-meta.server";
import { startSession } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { loaderMeta } from "~/utils/meta";
import { landingFor } from "./_auth.login/auth-forms.server";

/**
 * The link of the verification e-mail. Opening it spends nothing (mail
 * scanners open links too); the button confirms the address, signs the
 * person in and takes them to their first step — for a psychologist, the
 * professional profile.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { t, translations } = await pageTranslations(request, ["auth"]);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = token !== "" && (await isTokenUsable("email_verification", token));
  return { translations, token, valid, meta: await pageMeta(request, { title: t("meta.verifyTitle"), noindex: true }) };
}

export async function action({ request }: ActionFunctionArgs) {
  const { t } = await pageTranslations(request, ["auth"]);
  const token = String((await request.formData()).get("token") ?? "");
  const userId = token ? await verifyEmail(token) : null;
  if (!userId) return Response.json({ failed: true }, { status: 400 });
  const cookie = await startSession(userId, request);
  return redirectWithToast(await landingFor(userId, undefined), { type: "success", title: t("success.verified") }, { headers: { "Set-Cookie": cookie } });
}

export const meta = loaderMeta;

export default function VerifyEmail() {
  const { token, valid } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>() !== undefined;
  const { t } = useTranslation("auth");
  const pending = useIsSubmitting();
  if (!valid || failed) {
    return (
      <NarrowCard title={t("verify.failedHeading")} intro={t("errors.tokenInvalid")}>
        <Link to="/login?verify=1" className="btn-primary mt-6">
          {t("buttons.resendVerification")}
        </Link>
      </NarrowCard>
    );
  }
  return (
    <NarrowCard title={t("verify.heading")} intro={t("verify.intro")}>
      <Form method="post" className="mt-6">
        <input type="hidden" name="token" value={token} />
        <SubmitButton pending={pending}>{t("buttons.confirmEmail")}</SubmitButton>
      </Form>
    </NarrowCard>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
