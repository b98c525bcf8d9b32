import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { formatCrpInput } from "~/domain/crp";
import { useTranslation } from "~/i18n/use-translation";
import { CheckboxField, errorFocus, Field, FormErrors, SubmitButton } from "./forms";

export type AuthTab = "login" | "signup" | "psychologist";

export interface AuthScreenData {
  google: boolean;
  redirectTo: string;
  reason: "booking" | null;
  verifyNotice: boolean;
}

type Result = SubmissionResult<string[]> | undefined;

/** The fields the forms post (the zod schemas live on the server only). */
interface LoginFields {
  intent: string;
  redirectTo: string;
  email: string;
  password: string;
}
interface SignupFields {
  intent: string;
  redirectTo: string;
  fullName: string;
  email: string;
  role: "patient" | "psychologist";
  crp: string;
  password: string;
  confirmPassword: string;
  terms: boolean;
}

function intentOf(result: Result): string | undefined {
  const value = result?.initialValue?.intent;
  return typeof value === "string" ? value : undefined;
}

/** 'Verificando autenticação...' while the credentials are checked, 'Redirecionando...' while the next page loads. */
function usePendingLabel(intent: string): string | null {
  const { t } = useTranslation("auth");
  const navigation = useNavigation();
  if (navigation.formData?.get("intent") !== intent) return null;
  if (navigation.state === "submitting") return intent === "login" ? t("buttons.checking") : t("buttons.creating");
  if (navigation.state === "loading") return t("buttons.redirecting");
  return null;
}

function LoginForm({ data, result }: { data: AuthScreenData; result: Result }) {
  const { t } = useTranslation("auth");
  const [form, fields] = useForm<LoginFields>({ id: "login", lastResult: intentOf(result) === "login" ? result : undefined, shouldRevalidate: "onBlur" });
  const pending = usePendingLabel("login");
  const focus = errorFocus(form, fields, ["email", "password"]);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="login" />
      <input type="hidden" name="redirectTo" value={data.redirectTo} />
      <FormErrors id={form.errorId} errors={form.errors} autoFocus={focus === "form"} />
      <Field meta={fields.email} label={t("fields.email")} type="email" inputProps={{ autoComplete: "email", inputMode: "email", autoFocus: focus === "email" }} />
      <Field meta={fields.password} label={t("fields.password")} type="password" inputProps={{ autoComplete: "current-password", autoFocus: focus === "password" }} />
      <div className="text-end text-sm">
        <Link to="/forgot-password" className="text-teal-800 underline dark:text-teal-300">
          {t("buttons.forgot")}
        </Link>
      </div>
      <SubmitButton pending={pending !== null} pendingLabel={pending}>
        {t("buttons.login")}
      </SubmitButton>
    </Form>
  );
}

function SignupForm({ data, result, psychologist }: { data: AuthScreenData; result: Result; psychologist: boolean }) {
  const { t } = useTranslation("auth");
  const [form, fields] = useForm<SignupFields>({ id: "signup", lastResult: intentOf(result) === "signup" ? result : undefined, shouldRevalidate: "onBlur" });
  const pending = usePendingLabel("signup");
  const focus = errorFocus(form, fields, ["fullName", "email", "crp", "password", "confirmPassword", "terms"]);
  // The spec disables the button until the terms are ticked; before hydration it stays enabled
  // so the form works without JavaScript (the server checks the terms either way).
  const [hydrated, setHydrated] = useState(false);
  const [termsAccepted, setTermsAccepted] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="space-y-4"
      onChange={(event) => {
        const target = event.target as HTMLInputElement;
        if (target.name === "terms") setTermsAccepted(target.checked);
      }}
    >
      <input type="hidden" name="intent" value="signup" />
      <input type="hidden" name="redirectTo" value={data.redirectTo} />
      <FormErrors id={form.errorId} errors={form.errors} autoFocus={focus === "form"} />
      <Field meta={fields.fullName} label={t("fields.fullName")} inputProps={{ autoComplete: "name", autoFocus: focus === "fullName" }} />
      <Field meta={fields.email} label={t("fields.email")} type="email" inputProps={{ autoComplete: "email", inputMode: "email", autoFocus: focus === "email" }} />
      {psychologist ? (
        <>
          <input type="hidden" name="role" value="psychologist" />
          <Field
            meta={fields.crp}
            label={t("fields.crp")}
            hint={t("fields.crpHint")}
            inputProps={{
              inputMode: "numeric",
              // Room for separators typed without JavaScript ('06.123.456'): the server normalises them; with it the field is formatted to 9.
              maxLength: 12,
              placeholder: "06/123456",
              autoFocus: focus === "crp",
              onInput: (event) => {
                event.currentTarget.value = formatCrpInput(event.currentTarget.value);
              },
            }}
          />
        </>
      ) : (
        <fieldset>
          <legend className="label">{t("fields.role")}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {(["patient", "psychologist"] as const).map((role) => (
              <label key={role} className="flex items-center gap-2 rounded-lg border border-slate-300 p-3 text-sm dark:border-slate-700">
                <input type="radio" name="role" value={role} defaultChecked={(fields.role.initialValue ?? "patient") === role} />
                {role === "patient" ? t("fields.rolePatient") : t("fields.rolePsychologist")}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <Field meta={fields.password} label={t("fields.password")} type="password" hint={t("fields.passwordHint")} inputProps={{ autoComplete: "new-password", autoFocus: focus === "password" }} />
      <Field meta={fields.confirmPassword} label={t("fields.confirmPassword")} type="password" inputProps={{ autoComplete: "new-password", autoFocus: focus === "confirmPassword" }} />
      <CheckboxField
        meta={fields.terms}
        autoFocus={focus === "terms"}
        label={
          <>
            {t("fields.termsPrefix")}{" "}
            <Link to="/terms" className="underline" target="_blank">
              {t("fields.termsLink")}
            </Link>{" "}
            {t("fields.termsAnd")}{" "}
            <Link to="/privacy" className="underline" target="_blank">
              {t("fields.privacyLink")}
            </Link>
            .
          </>
        }
      />
      <SubmitButton pending={pending !== null} pendingLabel={pending} disabled={hydrated && !termsAccepted}>
        {t("buttons.signup")}
      </SubmitButton>
    </Form>
  );
}

function ResendVerification() {
  const { t } = useTranslation("auth");
  return (
    <Form method="post" className="mt-3 flex flex-col gap-2 sm:flex-row">
      <input type="hidden" name="intent" value="resend-verification" />
      <label htmlFor="resend-email" className="sr-only">
        {t("fields.email")}
      </label>
      <input id="resend-email" name="email" type="email" dir="ltr" required autoComplete="email" className="input" placeholder={t("fields.email")} />
      <button type="submit" className="btn-secondary shrink-0">
        {t("buttons.resendVerification")}
      </button>
    </Form>
  );
}

function GoogleButton({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation("auth");
  return (
    <Form method="post" action="/auth/google">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button type="submit" className="btn-secondary w-full">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.7v3h3.9c2.3-2.1 3.5-5.2 3.5-8.8z" />
          <path fill="#34A853" d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z" />
          <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8z" />
          <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.8 3.6-4.9 6.7-4.9z" />
        </svg>
        {t("buttons.google")}
      </button>
    </Form>
  );
}

export function AuthScreen({ tab, data, result }: { tab: AuthTab; data: AuthScreenData; result: Result }) {
  const { t } = useTranslation("auth");
  const query = data.redirectTo ? `?${new URLSearchParams({ redirectTo: data.redirectTo, ...(data.reason ? { reason: data.reason } : {}) })}` : "";
  const tabClass = (active: boolean) =>
    `flex-1 rounded-lg px-3 py-2 text-center text-sm font-semibold ${active ? "bg-white shadow-sm dark:bg-slate-800" : "text-slate-600 dark:text-slate-400"}`;
  const showResend = result?.error?.[""]?.includes(t("errors.emailNotConfirmed")) || data.verifyNotice;
  return (
    <div className="container-page max-w-md py-10">
      {data.reason === "booking" ? (
        <p role="status" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
          {t("bookingRequired")}
        </p>
      ) : null}
      {tab !== "psychologist" ? (
        <nav aria-label={t("tabs.label")} className="mb-6 flex gap-1 rounded-xl bg-slate-100 p-1 dark:bg-slate-900">
          <Link to={`/login${query}`} className={tabClass(tab === "login")} aria-current={tab === "login" ? "page" : undefined}>
            {t("tabs.login")}
          </Link>
          <Link to={`/register${query}`} className={tabClass(tab === "signup")} aria-current={tab === "signup" ? "page" : undefined}>
            {t("tabs.signup")}
          </Link>
        </nav>
      ) : null}
      <div className="card">
        <h1 className="text-2xl font-bold">{t(`heading.${tab}`)}</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t(`intro.${tab}`)}</p>
        {data.verifyNotice && tab === "login" ? (
          <div className="mt-4 rounded-lg bg-teal-50 p-3 text-sm text-teal-950 dark:bg-teal-950 dark:text-teal-50">
            <p className="font-semibold">{t("signupSent.title")}</p>
            <p className="mt-1">{t("signupSent.spam")}</p>
          </div>
        ) : null}
        <div className="mt-6">{tab === "login" ? <LoginForm data={data} result={result} /> : <SignupForm data={data} result={result} psychologist={tab === "psychologist"} />}</div>
        {showResend && tab === "login" ? <ResendVerification /> : null}
        {data.google && tab !== "psychologist" ? (
          <>
            <p className="my-4 text-center text-xs uppercase text-slate-500 dark:text-slate-400">{t("or")}</p>
            <GoogleButton redirectTo={data.redirectTo} />
          </>
        ) : null}
      </div>
      {tab === "signup" ? (
        <p className="mt-4 text-center text-sm">
          {t("areYouPsychologist")}{" "}
          <Link to="/psychologist-register" className="font-semibold text-teal-800 underline dark:text-teal-300">
            {t("psychologistSignupLink")}
          </Link>
        </p>
      ) : null}
      {tab === "psychologist" ? (
        <p className="mt-4 text-center text-sm">
          {t("haveAccount")}{" "}
          <Link to="/login" className="font-semibold text-teal-800 underline dark:text-teal-300">
            {t("tabs.login")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
