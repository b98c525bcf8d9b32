import { getCollectionProps, getFormProps, getTextareaProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useLocation, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState, type ChangeEvent, type ReactNode } from "react";
import { formatCpf, maskCpf } from "~/domain/cpf";
import { formatCrpInput } from "~/domain/crp";
import type { MissingField } from "~/domain/psychologist-review";
import { useTranslation } from "~/i18n/use-translation";
import type { PsychologistStatus } from "#db/types";
import type { ProfessionalProfile } from "~/models/psychologist-profile.server";
import { formatList, formatLongDate, formatMoney, formatNumber } from "~/utils/format";
import { ErrorList, errorFocus, Field, FormErrors, SubmitButton, useIsSubmitting } from "./forms";
import { PHOTO_ACCEPT, photoSources } from "~/domain/image";
import { PROFILE_FIELD_ORDER } from "~/domain/profile-fields";
import { initialsOf } from "~/utils/initials";

/**
 * 'Meu Perfil Profissional' (spec 02, 2.1): a photo card (with its upload
 * form), the professional information (read-only, or the form at ?edit=1),
 * statistics from data and, while pending, sending the profile for review.
 * Everything works without JavaScript; with it, the CRP formats itself as
 * typed and the pickers stop at their limits with the spec's messages.
 */

export interface ProfessionalProfileData {
  editing: boolean;
  /** The owner's row as the model reads it, with the price as the form shows it ('180,50', or '180.50' on an English page). */
  profile: Omit<ProfessionalProfile, "id" | "photoUrl" | "rating" | "totalReviews" | "submittedForReviewAt" | "statusReason"> & { priceInput: string };
  /** The price hint's example amount, written as the field is filled in. */
  priceExample: string;
  statistics: { consultationsDone: number; activePatients: number; rating: number | null; totalReviews: number };
  photoUrl: string | null;
  /** When the profile was sent for review (ISO), what a pending one still lacks, and why it was rejected or suspended. */
  review: { submittedAt: string | null; missing: MissingField[]; reason: string | null };
  timeZone: string;
  catalog: { specialties: readonly string[]; languages: readonly string[] };
  limits: { specialties: number; languages: number; minGraduationYear: number; maxGraduationYear: number };
  activePatientDays: number;
}

type Result = SubmissionResult<string[]> | undefined;

/** The action's answer when it is this form's (the page has three: profile, photo, submit-for-review). */
function resultFor(result: Result, intent: string): Result {
  return (result?.initialValue?.intent ?? "profile") === intent ? result : undefined;
}

const LIMIT_MESSAGE_MS = 3000;

function Card({ id, title, children, className = "" }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={`${id}-title`} className={`card ${className}`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

const STATUS_STYLE: Record<PsychologistStatus, string> = {
  pending: "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100",
  approved: "border-teal-300 bg-teal-50 text-teal-900 dark:border-teal-800 dark:bg-teal-950 dark:text-teal-100",
  rejected: "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100",
  suspended: "border-slate-300 bg-slate-100 text-slate-900 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100",
};

function StatusBanner({ data, result }: { data: ProfessionalProfileData; result: Result }) {
  const { t } = useTranslation("professional");
  const { status } = data.profile;
  // A pending profile not yet sent is not 'em análise': no one is looking at it until it is sent.
  const shown = status === "pending" && !data.review.submittedAt ? "draft" : status;
  return (
    <div className={`rounded-lg border p-4 text-sm ${STATUS_STYLE[status]}`}>
      <div role="status">
        <p className="font-semibold">{t(`statusLabel.${shown}`)}</p>
        <p className="mt-1">{t(`status.${shown}`)}</p>
        {data.review.reason ? (
          <p className="mt-1 whitespace-pre-line break-words">
            {/* The admin's words in their own direction: a Portuguese reason stays whole on an Arabic page. */}
            {t("review.reasonLabel")} <bdi>{data.review.reason}</bdi>
          </p>
        ) : null}
      </div>
      {/* Beside the live region, not in it: a form is not an announcement. */}
      {status === "pending" || status === "rejected" ? <ReviewSubmission data={data} result={result} again={status === "rejected"} /> : null}
    </div>
  );
}

/** A pending profile is sent for review once, when complete; until then the page says what it lacks. A rejected one, revised, is sent `again`. */
function ReviewSubmission({ data, result, again }: { data: ProfessionalProfileData; result: Result; again: boolean }) {
  const { t, locale } = useTranslation("professional");
  const pending = useIsSubmitting({ intent: "submit-for-review" });
  const errors = resultFor(result, "submit-for-review")?.error?.[""];
  const { submittedAt, missing } = data.review;
  return (
    <div className="mt-3 space-y-2">
      <FormErrors errors={errors} autoFocus />
      {submittedAt ? (
        <p className="font-medium">{t("review.submitted", { date: formatLongDate(submittedAt, locale, data.timeZone) ?? "" })}</p>
      ) : missing.length > 0 ? (
        <p>{t("review.incomplete", { fields: formatList(missing.map((field) => t(`missing.${field}`)), locale) })}</p>
      ) : (
        <Form method="post" className="space-y-2">
          <p>{t(again ? "review.readyAgain" : "review.ready")}</p>
          <input type="hidden" name="intent" value="submit-for-review" />
          <SubmitButton pending={pending} pendingLabel={t("buttons.submitting")} className="btn-primary">
            {t(again ? "buttons.resubmitForReview" : "buttons.submitForReview")}
          </SubmitButton>
        </Form>
      )}
    </div>
  );
}

function PhotoCard({ data, result }: { data: ProfessionalProfileData; result: Result }) {
  const { t } = useTranslation("professional");
  const { profile } = data;
  const errors = resultFor(result, "photo")?.error?.photo;
  const pending = useIsSubmitting({ intent: "photo" });
  return (
    <Card id="photo" title={t("cards.photo")}>
      <div className="flex flex-col items-center gap-3 text-center">
        {data.photoUrl ? (
          <img {...photoSources(data.photoUrl, 128)} alt="" width={128} height={128} className="h-32 w-32 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="flex h-32 w-32 items-center justify-center rounded-full bg-teal-100 text-4xl font-bold text-teal-900">
            {initialsOf(profile.name, "P")}
          </span>
        )}
        <div>
          <p className="font-semibold">{profile.name}</p>
          {profile.crp ? <p className="text-sm text-slate-600 dark:text-slate-400">{t("view.crp", { crp: profile.crp })}</p> : null}
        </div>
      </div>
      {/* A plain multipart post: it uploads with JavaScript off too. */}
      <Form method="post" encType="multipart/form-data" className="mt-4 space-y-2">
        <input type="hidden" name="intent" value="photo" />
        <label htmlFor="photo" className="label">
          {data.photoUrl ? t("photo.replace") : t("photo.add")}
        </label>
        <input
          id="photo"
          name="photo"
          type="file"
          accept={PHOTO_ACCEPT}
          required
          className="block w-full text-sm"
          aria-invalid={errors ? true : undefined}
          aria-describedby={errors ? "photo-hint photo-error" : "photo-hint"}
          autoFocus={errors !== undefined}
        />
        <p id="photo-hint" className="text-xs text-slate-500 dark:text-slate-400">
          {t("photo.hint")}
        </p>
        <ErrorList id="photo-error" errors={errors} />
        <SubmitButton pending={pending} pendingLabel={t("buttons.uploading")} className="btn-secondary">
          {t("buttons.uploadPhoto")}
        </SubmitButton>
      </Form>
    </Card>
  );
}

function StatisticsCard({ data }: { data: ProfessionalProfileData }) {
  const { t, locale } = useTranslation("professional");
  const { statistics } = data;
  const items: Array<{ key: string; label: string; value: string; hint?: string }> = [
    { key: "done", label: t("stats.consultationsDone"), value: formatNumber(statistics.consultationsDone, locale) },
    {
      key: "active",
      label: t("stats.activePatients"),
      value: formatNumber(statistics.activePatients, locale),
      hint: t("stats.activePatientsHint", { days: data.activePatientDays }),
    },
    {
      key: "rating",
      label: t("stats.averageRating"),
      // No reviews, no average: never an invented 5.0.
      value: statistics.rating === null ? "--" : `${formatNumber(statistics.rating, locale, 1)} ★`,
      hint: statistics.rating === null ? t("stats.noRating") : undefined,
    },
    { key: "reviews", label: t("stats.reviews"), value: formatNumber(statistics.totalReviews, locale) },
  ];
  return (
    <Card id="statistics" title={t("cards.statistics")}>
      <dl className="grid grid-cols-2 gap-4">
        {items.map((item) => (
          <div key={item.key}>
            <dt className="text-xs text-slate-600 dark:text-slate-400">{item.label}</dt>
            <dd className="text-2xl font-bold">{item.value}</dd>
            {item.hint ? <dd className="text-xs text-slate-500 dark:text-slate-400">{item.hint}</dd> : null}
          </div>
        ))}
      </dl>
    </Card>
  );
}

function Chips({ items }: { items: string[] }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {items.map((item) => (
        <li key={item} className="rounded-full bg-teal-50 px-3 py-1 text-sm text-teal-900 dark:bg-teal-950 dark:text-teal-100">
          {item}
        </li>
      ))}
    </ul>
  );
}

function InformationView({ data }: { data: ProfessionalProfileData }) {
  const { t, locale } = useTranslation("professional");
  const { profile } = data;
  const empty = <span className="text-slate-500 dark:text-slate-400">{t("view.empty")}</span>;
  const textOf = (value: string | number | null) => (value === null || value === "" ? empty : <span className="whitespace-pre-line">{value}</span>);
  const rows: Array<{ key: string; label: string; value: ReactNode; wide?: boolean }> = [
    { key: "name", label: t("fields.name"), value: textOf(profile.name) },
    { key: "crp", label: t("fields.crp"), value: textOf(profile.crp) },
    { key: "cpf", label: t("fields.cpf"), value: textOf(profile.cpf ? maskCpf(profile.cpf) : null) },
    { key: "email", label: t("fields.email"), value: textOf(profile.email) },
    { key: "price", label: t("fields.price"), value: formatMoney(profile.priceCents, locale) },
    { key: "shortBio", label: t("fields.shortBio"), value: textOf(profile.shortBio), wide: true },
    { key: "bio", label: t("fields.bio"), value: textOf(profile.bio), wide: true },
    {
      key: "specialties",
      label: t("fields.specialties"),
      value: profile.specialties.length > 0 ? <Chips items={profile.specialties.map((code) => t(`catalog.specialties.${code}`))} /> : empty,
      wide: true,
    },
    {
      key: "languages",
      label: t("fields.languages"),
      value: profile.languages.length > 0 ? <Chips items={profile.languages.map((code) => t(`catalog.languages.${code}`))} /> : empty,
      wide: true,
    },
    { key: "university", label: t("fields.university"), value: textOf(profile.university) },
    { key: "graduationYear", label: t("fields.graduationYear"), value: textOf(profile.graduationYear) },
    { key: "education", label: t("fields.education"), value: textOf(profile.education), wide: true },
    { key: "experience", label: t("fields.experience"), value: textOf(profile.experience), wide: true },
    { key: "approach", label: t("fields.approach"), value: textOf(profile.approach) },
    { key: "pixKey", label: t("fields.pixKey"), value: textOf(profile.pixKey) },
    { key: "therapeuticApproach", label: t("fields.therapeuticApproach"), value: textOf(profile.therapeuticApproach), wide: true },
    { key: "certifications", label: t("fields.certifications"), value: textOf(profile.certifications), wide: true },
    { key: "personalStatement", label: t("fields.personalStatement"), value: textOf(profile.personalStatement), wide: true },
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      {rows.map((row) => (
        <div key={row.key} className={row.wide ? "sm:col-span-2" : undefined}>
          <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{row.label}</dt>
          <dd className="mt-1 text-sm">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function TextAreaField({ meta, label, hint, rows = 4, autoFocus }: { meta: FieldMetadata<string | undefined | null>; label: string; hint?: string; rows?: number; autoFocus?: boolean }) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const { key, ...props } = getTextareaProps(meta, { ariaDescribedBy: hintId });
  return (
    <div className="sm:col-span-2">
      <label htmlFor={meta.id} className="label">
        {label}
      </label>
      <textarea key={key} {...props} rows={rows} autoFocus={autoFocus} className="input" />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

function initialCount(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  return typeof value === "string" && value !== "" ? 1 : 0;
}

/**
 * A checkbox group with a maximum: with JavaScript the box past the limit is
 * unticked again and the limit message shows for three seconds; without it,
 * the server's rule answers.
 */
function CheckboxGroup({
  meta,
  legend,
  options,
  labelOf,
  max,
  counter,
  limitMessage,
  hint,
  autoFocus,
}: {
  meta: FieldMetadata<string[] | undefined>;
  legend: string;
  options: readonly string[];
  labelOf: (code: string) => string;
  max: number;
  counter: (count: number) => string;
  limitMessage: string;
  hint?: string;
  /** Focuses the group's first box (after an error: the fieldset says what is wrong). */
  autoFocus?: boolean;
}) {
  const [count, setCount] = useState(() => initialCount(meta.initialValue));
  const [limitReached, setLimitReached] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const counterId = `${meta.id}-counter`;
  const hintId = hint ? `${meta.id}-hint` : undefined;

  function onChange(event: ChangeEvent<HTMLFieldSetElement>) {
    const box = event.target as unknown as HTMLInputElement;
    if (box.type !== "checkbox") return;
    const checked = event.currentTarget.querySelectorAll<HTMLInputElement>(`input[type="checkbox"][name="${meta.name}"]:checked`);
    if (box.checked && checked.length > max) {
      box.checked = false;
      setLimitReached(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setLimitReached(false), LIMIT_MESSAGE_MS);
      return;
    }
    setCount(checked.length);
  }

  const describedBy = [hintId, counterId, meta.errors ? meta.errorId : undefined].filter(Boolean).join(" ");
  return (
    <fieldset className="sm:col-span-2" onChange={onChange} aria-invalid={meta.errors ? true : undefined} aria-describedby={describedBy}>
      <legend className="label flex w-full items-center justify-between gap-2">
        <span>{legend}</span>
        <span id={counterId} className="text-xs font-normal text-slate-600 dark:text-slate-400" aria-live="polite">
          {counter(count)}
        </span>
      </legend>
      {hint ? (
        <p id={hintId} className="mb-2 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <div className="grid max-h-72 gap-2 overflow-y-auto rounded-lg border border-slate-200 p-3 sm:grid-cols-2 dark:border-slate-700">
        {getCollectionProps(meta, { type: "checkbox", options: [...options] }).map(({ key, ...props }, index) => (
          <div key={key} className="flex items-start gap-2">
            <input {...props} aria-invalid={undefined} aria-describedby={undefined} autoFocus={autoFocus && index === 0} className="mt-1 h-4 w-4 rounded border-slate-300" />
            <label htmlFor={props.id} className="text-sm text-slate-700 dark:text-slate-300">
              {labelOf(props.value)}
            </label>
          </div>
        ))}
      </div>
      <p role="status" className="mt-1 min-h-5 text-sm text-amber-800 dark:text-amber-300">
        {limitReached ? limitMessage : ""}
      </p>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}

interface FormShape {
  name: string;
  crp: string;
  cpf: string;
  bio: string;
  shortBio: string;
  specialties: string[];
  languages: string[];
  university: string;
  graduationYear: string;
  education: string;
  experience: string;
  approach: string;
  therapeuticApproach: string;
  certifications: string;
  personalStatement: string;
  price: string;
  pixKey: string;
}

function InformationForm({ data, result }: { data: ProfessionalProfileData; result: Result }) {
  const { t } = useTranslation("professional");
  const { profile, limits } = data;
  const [form, fields] = useForm<FormShape>({
    id: "professional-profile",
    lastResult: resultFor(result, "profile"),
    defaultValue: {
      name: profile.name,
      crp: profile.crp ?? "",
      cpf: profile.cpf ? formatCpf(profile.cpf) : "",
      bio: profile.bio,
      shortBio: profile.shortBio,
      specialties: profile.specialties,
      languages: profile.languages,
      university: profile.university,
      graduationYear: profile.graduationYear === null ? "" : String(profile.graduationYear),
      education: profile.education,
      experience: profile.experience,
      approach: profile.approach,
      therapeuticApproach: profile.therapeuticApproach,
      certifications: profile.certifications,
      personalStatement: profile.personalStatement,
      price: profile.priceInput,
      pixKey: profile.pixKey ?? "",
    },
  });
  const focus = errorFocus(form, fields, PROFILE_FIELD_ORDER);
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="profile" />
      {form.errors?.length ? (
        <div className="sm:col-span-2">
          <FormErrors id={form.errorId} errors={form.errors} autoFocus={focus === "form"} />
        </div>
      ) : null}
      {profile.status === "approved" ? (
        <p id="review-notice" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 sm:col-span-2 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200">
          {t("reviewNotice")}
        </p>
      ) : null}
      <Field meta={fields.name} label={t("fields.name")} inputProps={{ autoComplete: "name", required: true, maxLength: 120, autoFocus: focus === "name" }} />
      <Field
        meta={fields.crp}
        label={t("fields.crp")}
        hint={t("fields.crpHint")}
        inputProps={{
          required: true,
          inputMode: "numeric",
          // Room for separators typed without JavaScript ('06.123.456'): the server normalises them; with it the field is formatted to 9.
          maxLength: 12,
          placeholder: "XX/XXXXXX",
          autoFocus: focus === "crp",
          onInput: (event) => {
            const input = event.currentTarget;
            input.value = formatCrpInput(input.value);
          },
        }}
      />
      <Field meta={fields.cpf} label={t("fields.cpf")} hint={t("fields.cpfHint")} inputProps={{ inputMode: "numeric", maxLength: 14, autoComplete: "off", placeholder: "000.000.000-00", autoFocus: focus === "cpf" }} />
      <TextAreaField meta={fields.shortBio} autoFocus={focus === "shortBio"} label={t("fields.shortBio")} hint={t("fields.shortBioHint")} rows={2} />
      <TextAreaField meta={fields.bio} autoFocus={focus === "bio"} label={t("fields.bio")} rows={6} />
      <CheckboxGroup
        meta={fields.specialties}
        autoFocus={focus === "specialties"}
        legend={t("fields.specialties")}
        hint={t("fields.specialtiesHint", { max: limits.specialties })}
        options={data.catalog.specialties}
        labelOf={(code) => t(`catalog.specialties.${code}`)}
        max={limits.specialties}
        counter={(count) => t("counters.specialties", { count, max: limits.specialties })}
        limitMessage={t("limits.specialties", { max: limits.specialties })}
      />
      <CheckboxGroup
        meta={fields.languages}
        autoFocus={focus === "languages"}
        legend={t("fields.languages")}
        options={data.catalog.languages}
        labelOf={(code) => t(`catalog.languages.${code}`)}
        max={limits.languages}
        counter={(count) => t("counters.languages", { count, max: limits.languages })}
        limitMessage={t("limits.languages", { max: limits.languages })}
      />
      <Field
        meta={fields.price}
        label={t("fields.price")}
        hint={t("fields.priceHint", { example: data.priceExample })}
        inputProps={{ inputMode: "decimal", required: true, placeholder: "150,00", maxLength: 14, autoFocus: focus === "price" }}
      />
      <Field meta={fields.pixKey} label={t("fields.pixKey")} hint={t("fields.pixKeyHint")} inputProps={{ maxLength: 140, autoComplete: "off", autoFocus: focus === "pixKey" }} />
      <Field meta={fields.university} label={t("fields.university")} inputProps={{ maxLength: 200, autoFocus: focus === "university" }} />
      <Field
        meta={fields.graduationYear}
        label={t("fields.graduationYear")}
        hint={t("fields.graduationYearHint", { min: limits.minGraduationYear, max: limits.maxGraduationYear })}
        inputProps={{ inputMode: "numeric", maxLength: 4, autoFocus: focus === "graduationYear" }}
      />
      <TextAreaField meta={fields.education} autoFocus={focus === "education"} label={t("fields.education")} rows={3} />
      <TextAreaField meta={fields.experience} autoFocus={focus === "experience"} label={t("fields.experience")} rows={3} />
      <Field meta={fields.approach} label={t("fields.approach")} className="sm:col-span-2" inputProps={{ maxLength: 500, autoFocus: focus === "approach" }} />
      <TextAreaField meta={fields.therapeuticApproach} autoFocus={focus === "therapeuticApproach"} label={t("fields.therapeuticApproach")} rows={3} />
      <TextAreaField meta={fields.certifications} autoFocus={focus === "certifications"} label={t("fields.certifications")} rows={3} />
      <TextAreaField meta={fields.personalStatement} autoFocus={focus === "personalStatement"} label={t("fields.personalStatement")} rows={3} />
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <SubmitButton pending={useIsSubmitting({ intent: "profile" })} pendingLabel={t("buttons.saving")} className="btn-primary">
          {t("buttons.save")}
        </SubmitButton>
        <Link to="." className="btn-secondary">
          {t("buttons.cancel")}
        </Link>
      </div>
    </Form>
  );
}

/** The whole page. Edit mode is the URL ?edit=1, or a failed save. */
export function ProfessionalProfile({ data, result }: { data: ProfessionalProfileData; result: Result }) {
  const { t } = useTranslation("professional");
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const location = useLocation();
  const editing = data.editing || resultFor(result, "profile")?.status === "error";
  // Only the browser ever loads in place (a move between view and edit, a revalidation): the server's HTML never says 'Carregando'.
  const loading =
    revalidator.state === "loading" || (navigation.state === "loading" && !navigation.formData && navigation.location.pathname === location.pathname);
  return (
    <div className="container-page space-y-6 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t("heading")}</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("subheading")}</p>
        </div>
        {editing ? null : (
          <Link to="?edit=1" className="btn-primary">
            {t("buttons.edit")}
          </Link>
        )}
      </div>
      <p role="status" aria-live="polite" className={loading ? "text-sm text-slate-600 dark:text-slate-400" : "sr-only"}>
        {loading ? t("loading") : ""}
      </p>
      <StatusBanner data={data} result={result} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6">
          <PhotoCard data={data} result={result} />
          <StatisticsCard data={data} />
        </div>
        <Card id="information" title={t("cards.information")} className="lg:col-span-2">
          {editing ? <InformationForm data={data} result={result} /> : <InformationView data={data} />}
        </Card>
      </div>
    </div>
  );
}
