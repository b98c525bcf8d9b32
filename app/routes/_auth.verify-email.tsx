import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NarrowCard } from "~/components/narrow-card";
import { SubmitButton, useIsSubmitting } from "~/components/forms";
import { pageTranslations } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { isTokenUsable } from "~/models/auth-token.server";
import { verifyEmail } from "~/services/accounts.server";
import { afterLoginCookie } from "~/services/authenticator.server";
import { pageMeta } from "~/services/page-meta.server";
import { startSession } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { loaderMeta } from "~/utils/meta";
import { safeRedirect } from "~/utils/safe-redirect";
import { landingFor, signupCookie, verifyEmailSchema } from "./_auth.login/auth-forms.server";

/**
 * The link of the verification e-mail. Opening it spends nothing (mail
 * scanners open links too); the button confirms the address. In the browser
 * that signed up it also signs the person in and takes them to their first
 * step; anywhere else it asks for a new password (docs/decisions/014).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { t, translations } = await pageTranslations(request, ["auth"]);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = token !== "" && (await isTokenUsable("email_verification", token));
  return { translations, token, valid, meta: await pageMeta(request, { title: t("meta.verifyTitle"), noindex: true }) };
}

export async function action({ request }: ActionFunctionArgs) {
  const { t } = await pageTranslations(request, ["auth"]);
  const invalid = () => Response.json({ failed: true, error: t("errors.tokenInvalid") }, { status: 400 });
  const submission = parseWithZod(await request.formData(), { schema: verifyEmailSchema(t) });
  // A missing or malformed token is a link that does not work, as a spent one is; nothing is looked up or spent.
  if (submission.status !== "success") return invalid();
  const mark: unknown = await signupCookie().parse(request.headers.get("Cookie"));
  const result = await verifyEmail(submission.value.token, typeof mark === "string" ? mark : null);
  switch (result.state) {
    case "invalid":
      return invalid();
    case "signed-up-here": {
      // The page the person was on its way to when they signed up (a chosen slot), kept by sign-up in this browser.
      const after: unknown = await afterLoginCookie.parse(request.headers.get("Cookie"));
      const headers = new Headers();
      headers.append("Set-Cookie", await startSession(result.userId, request));
      headers.append("Set-Cookie", await signupCookie().serialize("", { maxAge: 0 }));
      headers.append("Set-Cookie", await afterLoginCookie.serialize("", { maxAge: 0 }));
      const target = await landingFor(result.userId, typeof after === "string" ? safeRedirect(after, "") : undefined);
      return redirectWithToast(target, { type: "success", title: t("success.verified") }, { headers });
    }
    case "claimed":
      // Not signed in: the address is proven, the password is for its owner to choose (or to use, if already verified).
      return result.resetToken
        ? redirectWithToast(`/reset-password?token=${encodeURIComponent(result.resetToken)}`, { type: "success", title: t("success.verifiedChoosePassword") })
        : redirectWithToast("/login", { type: "success", title: t("success.verifiedSignIn") });
  }
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
