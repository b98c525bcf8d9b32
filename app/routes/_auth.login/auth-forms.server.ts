import { parseWithZod } from "@conform-to/zod";
import { createCookie, data, redirect, type AppLoadContext } from "@remix-run/node";
import type { TFunction } from "~/i18n/translate";
import { AuthorizationError } from "remix-auth";
import { z } from "zod";
import { isValidCrp, normalizeCrp } from "~/domain/crp";
import { DASHBOARD_BY_ROLE } from "~/domain/roles";
import { pageTranslations } from "~/i18n/i18n.server";
import { AccountError, register, resendVerification, signupMark, throttleAccountForm } from "~/services/accounts.server";
import { env } from "~/utils/env.server";
import { afterLoginCookie, getAuthenticator, googleConfigured } from "~/services/authenticator.server";
import { getSessionUser, roleOf, startSession } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { answerUnexpected } from "~/services/unexpected-error.server";
import { findCredentialsById } from "~/models/user.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { cookieTimeZone } from "~/services/viewer-time-zone.server";

/**
 * The server half of the sign-in / sign-up screens (/login, /register,
 * /psychologist-register): schemas with the spec's messages, and the three
 * intents those forms post. Also the schemas of /forgot-password and
 * /reset-password: zod stays on the server (a route module importing it
 * would ship all of zod to the browser).
 */

const EMAIL = z.string().email();

/** An upper bound worded in the visitor's language (zod's own message is English). */
const tooLong = (t: TFunction, max: number) => ({ message: t("errors.tooLong", { max }) });

export function loginSchema(t: TFunction) {
  return z
    .object({
      intent: z.literal("login"),
      email: z.string().trim().max(254, tooLong(t, 254)).optional(),
      password: z.string().max(200, tooLong(t, 200)).optional(),
      redirectTo: z.string().optional(),
    })
    .superRefine((value, ctx) => {
      const missing = (["email", "password"] as const).filter((name) => !value[name]);
      if (missing.length > 0) {
        ctx.addIssue({ code: "custom", path: [], message: t("errors.required") });
        for (const name of missing) ctx.addIssue({ code: "custom", path: [name], message: "" });
      }
    });
}

export function signupSchema(t: TFunction, options: { crpRequired: boolean }) {
  return z
    .object({
      intent: z.literal("signup"),
      fullName: z.string().trim().max(120, tooLong(t, 120)).optional(),
      email: z.string().trim().max(254, tooLong(t, 254)).optional(),
      password: z.string().max(200, tooLong(t, 200)).optional(),
      confirmPassword: z.string().max(200, tooLong(t, 200)).optional(),
      // Only these two: sign-up can never create an admin.
      role: z.enum(["patient", "psychologist"], { message: t("errors.invalidRole") }).default("patient"),
      // Stored as 'XX/XXXXXX' however the digits were separated (no JavaScript formats the field); what is not a CRP stays as typed and is refused below.
      crp: z
        .string()
        .optional()
        .transform((value) => (value === undefined ? undefined : (normalizeCrp(value) ?? value.trim()))),
      terms: z.boolean().optional(),
      redirectTo: z.string().optional(),
    })
    .superRefine((value, ctx) => {
      const required: Array<"fullName" | "email" | "password" | "confirmPassword" | "crp"> = ["fullName", "email", "password", "confirmPassword"];
      if (options.crpRequired) required.push("crp");
      const missing = required.filter((name) => !value[name]);
      if (missing.length > 0) {
        ctx.addIssue({ code: "custom", path: [], message: t("errors.required") });
        for (const name of missing) ctx.addIssue({ code: "custom", path: [name], message: "" });
        return;
      }
      if (!EMAIL.safeParse(value.email).success) ctx.addIssue({ code: "custom", path: ["email"], message: t("errors.invalidEmail") });
      if ((value.password ?? "").length < 8) ctx.addIssue({ code: "custom", path: ["password"], message: t("errors.passwordTooShort") });
      else if (value.password !== value.confirmPassword)
        ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: t("errors.passwordsMismatch") });
      if (value.crp && !isValidCrp(value.crp)) ctx.addIssue({ code: "custom", path: ["crp"], message: t("errors.crpFormat") });
      if (!value.terms) ctx.addIssue({ code: "custom", path: ["terms"], message: t("errors.termsRequired") });
    });
}

export function resendSchema(t: TFunction) {
  return z.object({
    intent: z.literal("resend-verification"),
    email: z.string({ message: t("errors.required") }).trim().email(t("errors.invalidEmail")),
  });
}

/** /forgot-password. */
export function forgotPasswordSchema(t: TFunction) {
  return z.object({ email: z.string({ message: t("errors.required") }).trim().email(t("errors.invalidEmail")) });
}

/** /reset-password: the token of the e-mailed link and the new password, twice. */
export function newPasswordSchema(t: TFunction) {
  return z
    .object({
      token: z.string().min(1),
      password: z.string({ message: t("errors.required") }).max(200, tooLong(t, 200)),
      confirmPassword: z.string({ message: t("errors.required") }).max(200, tooLong(t, 200)),
    })
    .superRefine((value, ctx) => {
      if (value.password.length < 8) ctx.addIssue({ code: "custom", path: ["password"], message: t("errors.passwordTooShort") });
      else if (value.password !== value.confirmPassword)
        ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: t("errors.passwordsMismatch") });
    });
}

/** /verify-email: the token of the e-mailed link, base64url as randomToken makes it; anything else is no link of ours. */
export function verifyEmailSchema(t: TFunction) {
  return z.object({
    token: z
      .string({ message: t("errors.tokenInvalid") })
      .trim()
      .max(200, t("errors.tokenInvalid"))
      .regex(/^[\w-]+$/, t("errors.tokenInvalid")),
  });
}

const SECRET_FIELDS = ["password", "confirmPassword"];

/**
 * Marks the browser that signed up (a hash of the address, signed): its own
 * verification link signs it in; the same link opened anywhere else only
 * proves the address (app/services/accounts.server.ts verifyEmail). Set on
 * every sign-up, whether or not the address already had an account.
 */
export function signupCookie() {
  const config = env();
  return createCookie("acolhe_signup", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: new URL(config.APP_URL).protocol === "https:",
    secrets: [config.SESSION_SECRET],
    maxAge: 24 * 60 * 60,
  });
}

/**
 * Sign-up's `redirectTo` kept until the e-mail is verified (the signup
 * cookie's lifetime, 24 h), so a visitor who chose a slot before creating the
 * account comes back to it; only a page of the site that is no sign-in screen.
 */
async function afterSignupTarget(redirectTo: string | undefined): Promise<string | null> {
  const target = safeRedirect(redirectTo, "");
  if (!target || target.startsWith("/login") || target.startsWith("/register")) return null;
  return afterLoginCookie.serialize(target, { maxAge: 24 * 60 * 60 });
}

/** Where a person goes after signing in: the page they wanted, else their role's home. */
export async function landingFor(userId: string, redirectTo: string | undefined): Promise<string> {
  const target = safeRedirect(redirectTo, "");
  if (target && !target.startsWith("/login") && !target.startsWith("/register")) return target;
  const account = await findCredentialsById(userId);
  if (!account) return "/";
  const role = roleOf(account);
  // A psychologist still under review has one thing to do: complete the professional profile.
  if (role === "psychologist" && account.psychologistStatus !== "approved") return "/psychologist-profile";
  return DASHBOARD_BY_ROLE[role];
}

/** Signed-in visitors do not see the sign-in screens: they go to their dashboard. */
export async function redirectIfSignedIn(request: Request) {
  const user = await getSessionUser(request);
  if (user) throw redirect(await landingFor(user.id, new URL(request.url).searchParams.get("redirectTo") ?? undefined));
}

export async function authScreenData(request: Request) {
  const { t, translations } = await pageTranslations(request, ["auth"]);
  const url = new URL(request.url);
  return {
    translations,
    google: googleConfigured(),
    redirectTo: safeRedirect(url.searchParams.get("redirectTo"), ""),
    reason: url.searchParams.get("reason") === "booking" ? ("booking" as const) : null,
    verifyNotice: url.searchParams.get("verify") === "1",
    titles: { login: t("meta.loginTitle"), signup: t("meta.registerTitle"), psychologist: t("meta.psychologistRegisterTitle") },
  };
}

/** /psychologist-register always registers a psychologist; the other screens let the form choose. */
export interface AuthActionOptions {
  professional?: boolean;
}

export async function handleAuthAction(request: Request, context: AppLoadContext, options: AuthActionOptions = {}) {
  const { t, locale } = await pageTranslations(request, ["auth"]);
  // A clone: remix-auth copies the request, so its body must stay unread.
  const formData = await request.clone().formData();
  const intent = formData.get("intent");

  if (intent === "login") {
    const submission = parseWithZod(formData, { schema: loginSchema(t) });
    if (submission.status !== "success") return data(submission.reply({ hideFields: SECRET_FIELDS }), { status: 400 });
    return answerUnexpected(
      "login",
      async () => {
        let user: { id: string };
        try {
          user = await getAuthenticator().authenticate("form", request, { throwOnError: true, context: { formData, clientIp: context.clientIp ?? null } });
        } catch (error) {
          const cause = error instanceof AuthorizationError ? error.cause : error;
          if (cause instanceof AccountError) {
            return data(submission.reply({ formErrors: [t(cause.key)], hideFields: SECRET_FIELDS }), { status: cause.status });
          }
          // The failure itself (remix-auth wraps it), for the log.
          throw cause ?? error;
        }
        const cookie = await startSession(user.id, request);
        return redirectWithToast(await landingFor(user.id, submission.value.redirectTo), { type: "success", title: t("success.login") }, { headers: { "Set-Cookie": cookie } });
      },
      () => submission.reply({ formErrors: [t("errors.loginFailed"), t("errors.unexpected")], hideFields: SECRET_FIELDS }),
    );
  }

  if (intent === "signup") {
    const professional = options.professional ?? false;
    const submission = parseWithZod(formData, { schema: signupSchema(t, { crpRequired: professional }) });
    if (submission.status !== "success") return data(submission.reply({ hideFields: SECRET_FIELDS }), { status: 400 });
    const { fullName, email, password, crp } = submission.value;
    const role = professional ? "psychologist" : submission.value.role;
    return answerUnexpected(
      "signup",
      async () => {
        try {
          // Before the expensive hash, and before any e-mail (the account-exists notice included).
          await throttleAccountForm("signup", email!, context.clientIp ?? null);
          await register({ fullName: fullName!, email: email!, password: password!, role, crp: crp || undefined, locale, timeZone: cookieTimeZone(request) });
        } catch (error) {
          if (error instanceof AccountError) {
            const errors = error.status === 429 ? { formErrors: [t(error.key)] } : { fieldErrors: { crp: [t(error.key)] } };
            return data(submission.reply({ ...errors, hideFields: SECRET_FIELDS }), { status: error.status });
          }
          throw error;
        }
        const headers = new Headers();
        headers.append("Set-Cookie", await signupCookie().serialize(signupMark(email!)));
        // The page the visitor was on its way to (a chosen slot's step 3): the verification link opens it in this browser.
        const next = await afterSignupTarget(submission.value.redirectTo);
        if (next) headers.append("Set-Cookie", next);
        return redirectWithToast("/login?verify=1", { type: "success", title: t("success.signup") }, { headers });
      },
      () => submission.reply({ formErrors: [t("errors.signupFailed")], hideFields: SECRET_FIELDS }),
    );
  }

  if (intent === "resend-verification") {
    const submission = parseWithZod(formData, { schema: resendSchema(t) });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    try {
      await throttleAccountForm("resend", submission.value.email, context.clientIp ?? null);
      await resendVerification(submission.value.email);
    } catch (error) {
      if (error instanceof AccountError) return data(submission.reply({ formErrors: [t(error.key)] }), { status: error.status });
      throw error;
    }
    return redirectWithToast("/login?verify=1", { type: "success", title: t("success.verificationResent") });
  }

  return data({ status: "error" as const, error: { "": [t("errors.unknownAction")] } }, { status: 400 });
}
