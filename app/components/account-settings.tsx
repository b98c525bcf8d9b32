import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { formatCpf } from "~/domain/cpf";
import type { Role } from "~/domain/roles";
import { BRAZIL_TIME_ZONES, brazilZoneCity } from "~/domain/time-zones";
import type { TFunction } from "~/i18n/translate";
import { useTranslation } from "~/i18n/use-translation";
import { formatLongDate } from "~/utils/format";
import { currentZoneId } from "~/utils/zoned-time";
import { CheckboxField, ErrorList, errorFocus, Field, FormErrors, SubmitButton, useIsSubmitting } from "./forms";
import { initials } from "./user-menu";
import { PHOTO_ACCEPT, photoSources } from "~/domain/image";

/**
 * What this CPF is for, said truly: a patient's is printed on their receipts (and in the tax report of the
 * psychologist who saw them); a psychologist's receipts print the professional profile's CPF, not this one;
 * an administrator's is on nothing.
 */
function cpfHint(t: TFunction, role: Role): string | undefined {
  return role === "admin" ? undefined : t(`fields.cpfHint.${role}`);
}

type ConsentKey = "marketing" | "cookies" | "data_processing" | "third_parties";

export interface AccountSettingsData {
  account: {
    email: string;
    hasPassword: boolean;
    firstName: string;
    lastName: string;
    phone: string | null;
    cpf: string | null;
    avatarUrl: string | null;
    timeZone: string | null;
    emailNotifications: boolean;
    smsNotifications: boolean;
    appointmentReminders: boolean;
  };
  consents: Record<ConsentKey, { granted: boolean; at: Date } | null>;
  sessions: number;
  /** Whose account: what its CPF is used for differs (a psychologist's receipts print the professional profile's). */
  role: Role;
  timeZones: readonly string[];
  /** The zone the page shows dates in: the profile's, else the browser's. */
  viewerTimeZone: string;
}

type Result = SubmissionResult<string[]> | undefined;

function resultFor(result: Result, intent: string): Result {
  return result?.initialValue?.intent === intent ? result : undefined;
}

/** The sections that show their own answer; any other (an unknown intent, a tampered choice) is said at the top of the page. */
const SECTION_INTENTS = new Set(["profile", "photo", "remove-photo", "password", "delete-account"]);

function unclaimedErrors(result: Result): string[] | null {
  if (!result || result.status !== "error") return null;
  const intent = result.initialValue?.intent;
  if (typeof intent === "string" && SECTION_INTENTS.has(intent)) return null;
  const errors = Object.values(result.error ?? {}).flatMap((messages) => messages ?? []);
  return errors.length > 0 ? [...new Set(errors)] : null;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="card scroll-mt-20">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function PersonalData({ data, result }: { data: AccountSettingsData; result: Result }) {
  const { t } = useTranslation("settings");
  const { account } = data;
  const [form, fields] = useForm<{ intent: string; firstName: string; lastName: string; phone: string; cpf: string; timeZone: string }>({
    id: "profile",
    lastResult: resultFor(result, "profile"),
    defaultValue: {
      firstName: account.firstName,
      lastName: account.lastName,
      phone: account.phone ?? "",
      cpf: account.cpf ? formatCpf(account.cpf) : "",
      timeZone: account.timeZone ?? "",
    },
  });
  const brazil = new Set<string>(BRAZIL_TIME_ZONES);
  const focus = errorFocus(form, fields, ["firstName", "lastName", "phone", "cpf", "timeZone"]);
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="profile" />
      <FormErrors id={form.errorId} errors={form.errors} autoFocus={focus === "form"} />
      <Field meta={fields.firstName} label={t("fields.firstName")} inputProps={{ autoComplete: "given-name", required: true, autoFocus: focus === "firstName" }} />
      <Field meta={fields.lastName} label={t("fields.lastName")} inputProps={{ autoComplete: "family-name", required: true, autoFocus: focus === "lastName" }} />
      <div className="sm:col-span-2">
        <label className="label" htmlFor="account-email">
          {t("fields.email")}
        </label>
        <input id="account-email" className="input" value={account.email} readOnly aria-describedby="account-email-hint" />
        <p id="account-email-hint" className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {t("fields.emailHint")}
        </p>
      </div>
      <Field meta={fields.phone} label={t("fields.phone")} type="tel" hint={t("fields.phoneHint")} inputProps={{ autoComplete: "tel", autoFocus: focus === "phone" }} />
      <Field meta={fields.cpf} label={t("fields.cpf")} hint={cpfHint(t, data.role)} inputProps={{ inputMode: "numeric", maxLength: 14, autoFocus: focus === "cpf" }} />
      <div className="sm:col-span-2">
        <label className="label" htmlFor={fields.timeZone.id}>
          {t("fields.timeZone")}
        </label>
        <select id={fields.timeZone.id} name={fields.timeZone.name} defaultValue={fields.timeZone.initialValue ?? ""} className="input" aria-invalid={fields.timeZone.errors ? true : undefined} aria-describedby={fields.timeZone.errors ? fields.timeZone.errorId : undefined} autoFocus={focus === "timeZone"}>
          <option value="">{t("fields.timeZoneAuto")}</option>
          <optgroup label={t("fields.timeZoneBrazil")}>
            {BRAZIL_TIME_ZONES.map((zone) => (
              <option key={zone} value={zone}>
                {brazilZoneCity(zone)}
              </option>
            ))}
          </optgroup>
          <optgroup label={t("fields.timeZoneOthers")}>
            {data.timeZones
              .filter((zone) => !brazil.has(zone))
              .map((zone) => (
                <option key={zone} value={zone}>
                  {currentZoneId(zone)}
                </option>
              ))}
          </optgroup>
        </select>
        <ErrorList id={fields.timeZone.errorId} errors={fields.timeZone.errors} />
      </div>
      <div className="sm:col-span-2">
        <SubmitButton pending={useIsSubmitting({ intent: "profile" })} pendingLabel={t("buttons.saving")} className="btn-primary">
          {t("buttons.save")}
        </SubmitButton>
      </div>
    </Form>
  );
}

function Photo({ data, result }: { data: AccountSettingsData; result: Result }) {
  const { t } = useTranslation("settings");
  const errors = resultFor(result, "photo")?.error?.photo;
  const { account } = data;
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      {account.avatarUrl ? (
        <img {...photoSources(account.avatarUrl, 96)} alt="" width={96} height={96} className="h-24 w-24 rounded-full object-cover" />
      ) : (
        <span className="flex h-24 w-24 items-center justify-center rounded-full bg-teal-100 text-2xl font-bold text-teal-900">
          {initials(account)}
        </span>
      )}
      <div className="flex-1 space-y-3">
        <Form method="post" encType="multipart/form-data" className="space-y-2">
          <input type="hidden" name="intent" value="photo" />
          <label htmlFor="photo-file" className="label">
            {t("fields.photo")}
          </label>
          <input id="photo-file" name="photo" type="file" accept={PHOTO_ACCEPT} className="block text-sm" aria-invalid={errors ? true : undefined} aria-describedby={errors ? "photo-error" : undefined} autoFocus={errors !== undefined} />
          <ErrorList id="photo-error" errors={errors} />
          <SubmitButton pending={useIsSubmitting({ intent: "photo" })} pendingLabel={t("buttons.saving")} className="btn-secondary">
            {t("buttons.uploadPhoto")}
          </SubmitButton>
        </Form>
        {account.avatarUrl ? (
          <Form method="post">
            <button type="submit" name="intent" value="remove-photo" className="btn-ghost text-red-700">
              {t("buttons.removePhoto")}
            </button>
          </Form>
        ) : null}
      </div>
    </div>
  );
}

/** After a refusal for an old sign-in (Google-only accounts): one press signs in again with Google and comes back. */
function ReauthWithGoogle({ result, intent }: { result: Result; intent: string }) {
  const { t } = useTranslation("settings");
  const location = useLocation();
  if (!(resultFor(result, intent) as { reauth?: boolean } | undefined)?.reauth) return null;
  return (
    <Form method="post" action="/auth/google" className="mt-3">
      <input type="hidden" name="redirectTo" value={location.pathname} />
      <button type="submit" className="btn-secondary">
        {t("buttons.reauthGoogle")}
      </button>
    </Form>
  );
}

function Password({ data, result }: { data: AccountSettingsData; result: Result }) {
  const { t } = useTranslation("settings");
  const [form, fields] = useForm<{ intent: string; currentPassword: string; newPassword: string; confirmPassword: string }>({
    // Not "password": the section around it has that id, and a `form="password"` attribute on the
    // inputs would point at the section, so the fields would not be submitted.
    id: "password-form",
    lastResult: resultFor(result, "password"),
  });
  // Spec: the button stays disabled while any of the three fields is empty (with JavaScript; the server checks anyway).
  const [hydrated, setHydrated] = useState(false);
  const [filled, setFilled] = useState<Record<string, boolean>>({});
  useEffect(() => setHydrated(true), []);
  const needed = data.account.hasPassword ? ["currentPassword", "newPassword", "confirmPassword"] : ["newPassword", "confirmPassword"];
  const complete = needed.every((name) => filled[name]);
  const focus = errorFocus(form, fields, ["currentPassword", "newPassword", "confirmPassword"]);
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="grid gap-4 sm:grid-cols-3"
      onChange={(event) => {
        const input = event.target as HTMLInputElement;
        setFilled((current) => ({ ...current, [input.name]: input.value !== "" }));
      }}
    >
      <input type="hidden" name="intent" value="password" />
      {!data.account.hasPassword ? <p className="text-sm text-slate-600 sm:col-span-3">{t("text.noPassword")}</p> : null}
      <FormErrors id={form.errorId} errors={form.errors} autoFocus={focus === "form"} />
      {data.account.hasPassword ? (
        <Field meta={fields.currentPassword} label={t("fields.currentPassword")} type="password" inputProps={{ autoComplete: "current-password", autoFocus: focus === "currentPassword" }} />
      ) : null}
      <Field meta={fields.newPassword} label={t("fields.newPassword")} type="password" inputProps={{ autoComplete: "new-password", autoFocus: focus === "newPassword" }} />
      <Field meta={fields.confirmPassword} label={t("fields.confirmPassword")} type="password" inputProps={{ autoComplete: "new-password", autoFocus: focus === "confirmPassword" }} />
      <div className="sm:col-span-3">
        <SubmitButton pending={useIsSubmitting({ intent: "password" })} pendingLabel={t("buttons.saving")} className="btn-primary" disabled={hydrated && !complete}>
          {data.account.hasPassword ? t("buttons.changePassword") : t("buttons.setPassword")}
        </SubmitButton>
      </div>
    </Form>
  );
}

function Notifications({ data }: { data: AccountSettingsData }) {
  const { t } = useTranslation("settings");
  const [form, fields] = useForm<{ intent: string; emailNotifications: boolean; smsNotifications: boolean; appointmentReminders: boolean }>({ id: "notifications-form" });
  const { account } = data;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="notifications" />
      <CheckboxField meta={fields.emailNotifications} label={t("fields.emailNotifications")} defaultChecked={account.emailNotifications} />
      <CheckboxField meta={fields.smsNotifications} label={t("fields.smsNotifications")} defaultChecked={account.smsNotifications} />
      <CheckboxField meta={fields.appointmentReminders} label={t("fields.appointmentReminders")} defaultChecked={account.appointmentReminders} />
      <SubmitButton pending={useIsSubmitting({ intent: "notifications" })} pendingLabel={t("buttons.saving")} className="btn-primary">
        {t("buttons.savePreferences")}
      </SubmitButton>
    </Form>
  );
}

const CONSENT_FIELDS: Array<{ key: ConsentKey; name: "marketing" | "cookies" | "dataProcessing" | "thirdParties" }> = [
  { key: "marketing", name: "marketing" },
  { key: "cookies", name: "cookies" },
  { key: "data_processing", name: "dataProcessing" },
  { key: "third_parties", name: "thirdParties" },
];

function Privacy({ data }: { data: AccountSettingsData }) {
  const { t, locale } = useTranslation("settings");
  const [form, fields] = useForm<{ intent: string; marketing: boolean; cookies: boolean; dataProcessing: boolean; thirdParties: boolean }>({ id: "consents" });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="consents" />
      <div className="flex items-start gap-2">
        <input id="consent-essential" type="checkbox" checked disabled className="mt-1 h-4 w-4" />
        <label htmlFor="consent-essential" className="text-sm text-slate-700 dark:text-slate-300">
          {t("fields.essential")}
        </label>
      </div>
      {CONSENT_FIELDS.map(({ key, name }) => {
        const state = data.consents[key];
        return (
          <div key={key}>
            <CheckboxField meta={fields[name]} label={t(`fields.${name}`)} defaultChecked={state?.granted ?? false} />
            <p className="ms-6 text-xs text-slate-500 dark:text-slate-400">
              {state ? t("text.consentUpdated", { date: formatLongDate(state.at, locale, data.viewerTimeZone) ?? "" }) : t("text.consentNever")}
            </p>
          </div>
        );
      })}
      <SubmitButton pending={useIsSubmitting({ intent: "consents" })} pendingLabel={t("buttons.saving")} className="btn-primary">
        {t("buttons.saveConsents")}
      </SubmitButton>
    </Form>
  );
}

function DeleteAccount({ data, result }: { data: AccountSettingsData; result: Result }) {
  const { t } = useTranslation("settings");
  const [form, fields] = useForm<{ intent: string; password: string; email: string }>({ id: "delete-account", lastResult: resultFor(result, "delete-account") });
  const focus = errorFocus(form, fields, data.account.hasPassword ? ["password"] : ["email"]);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="delete-account" />
      <p className="text-sm">{t("text.deleteWarning")}</p>
      <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-300">{t("text.deleteRetention")}</p>
      <FormErrors id={form.errorId} errors={form.errors} autoFocus={focus === "form"} />
      {data.account.hasPassword ? (
        <Field meta={fields.password} label={t("fields.deletePassword")} type="password" inputProps={{ autoComplete: "current-password", required: true, autoFocus: focus === "password" }} />
      ) : (
        <Field meta={fields.email} label={t("fields.deleteEmail")} type="email" inputProps={{ required: true, autoFocus: focus === "email" }} />
      )}
      <SubmitButton pending={useIsSubmitting({ intent: "delete-account" })} className="btn bg-red-700 text-white hover:bg-red-800">
        {t("buttons.deleteAccount")}
      </SubmitButton>
    </Form>
  );
}

/** Everything about one's own account; /patient-profile shows it all, /settings the same for every role. */
export function AccountSettings({ heading, data, result }: { heading: string; data: AccountSettingsData; result: Result }) {
  const { t } = useTranslation("settings");
  // A save answers with a redirect (a new location): the forms start afresh from what was saved, not under a refused try's errors.
  const { key: locationKey } = useLocation();
  return (
    <div className="container-page max-w-3xl space-y-6 py-8">
      <h1 className="text-2xl font-bold">{heading}</h1>
      <FormErrors errors={unclaimedErrors(result)} autoFocus />
      <nav aria-label={t("heading.settings")} className="flex flex-wrap gap-2 text-sm">
        {(["personal", "photo", "password", "notifications", "privacy", "sessions", "data", "delete"] as const).map((id) => (
          <a key={id} href={`#${id}`} className="rounded-full border border-slate-300 px-3 py-1 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800">
            {t(`sections.${id}`)}
          </a>
        ))}
      </nav>
      <Section id="personal" title={t("sections.personal")}>
        <PersonalData key={locationKey} data={data} result={result} />
      </Section>
      <Section id="photo" title={t("sections.photo")}>
        <Photo data={data} result={result} />
      </Section>
      <Section id="password" title={t("sections.password")}>
        <Password key={locationKey} data={data} result={result} />
        <ReauthWithGoogle result={result} intent="password" />
      </Section>
      <Section id="notifications" title={t("sections.notifications")}>
        <Notifications data={data} />
      </Section>
      <Section id="privacy" title={t("sections.privacy")}>
        <Privacy data={data} />
      </Section>
      <Section id="sessions" title={t("sections.sessions")}>
        <p className="text-sm">{t("text.sessions", { count: data.sessions })}</p>
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{t("text.sessionsHelp")}</p>
        <Form method="post" className="mt-3">
          <button type="submit" name="intent" value="sign-out-everywhere" className="btn-secondary">
            {t("buttons.signOutEverywhere")}
          </button>
        </Form>
      </Section>
      <Section id="data" title={t("sections.data")}>
        <p className="text-sm">{t("text.dataHelp")}</p>
        <Link to="/settings/export" reloadDocument className="btn-secondary mt-3">
          {t("buttons.download")}
        </Link>
      </Section>
      <Section id="delete" title={t("sections.delete")}>
        <DeleteAccount data={data} result={result} />
        <ReauthWithGoogle result={result} intent="delete-account" />
      </Section>
    </div>
  );
}
