import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { TFunction } from "~/i18n/translate";
import { z } from "zod";
import { CONSULTATION_LANGUAGES, isConsultationLanguage, isSpecialty, MAX_LANGUAGES, MAX_SPECIALTIES, SPECIALTIES } from "~/domain/catalog";
import { isValidCpf, normalizeCpf } from "~/domain/cpf";
import { normalizeCrp } from "~/domain/crp";
import { MAX_PRICE_CENTS, typedReaisToCents } from "~/domain/pricing";
import { PROFILE_FIELD_ORDER } from "~/domain/profile-fields";
import { missingForReview } from "~/domain/psychologist-review";
import { pageTranslations } from "~/i18n/i18n.server";
import { amountForInput, formatList } from "~/utils/format";
import {
  ACTIVE_PATIENT_DAYS,
  getOwnProfessionalProfile,
  getProfileStatistics,
  replaceOwnPhoto,
  updateOwnProfessionalProfile,
} from "~/models/psychologist-profile.server";
import { removeFile } from "~/providers/storage.server";
import { pageMeta } from "~/services/page-meta.server";
import { sendProfileForReview } from "~/services/review-submission.server";
import { PHOTO_REFUSAL_STATUS, photoUploadRefused, readPhotoForm, storePhoto, type PhotoRefusal } from "~/services/photo-upload.server";
import type { PsychologistSessionUser } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { answerUnexpected } from "~/services/unexpected-error.server";
import { viewerTimeZone } from "~/services/viewer-time-zone.server";
import { purgePublicPages } from "~/utils/page-cache.server";

/**
 * The server half of /psychologist-profile ('Meu Perfil Profissional'): the
 * form's rules (spec 02, section 5), what the page shows, and its three
 * forms (intent): the profile save, the photo, and sending the profile for
 * review. Everything is read and written through the signed-in user's ids.
 */

export const NAMESPACES = ["professional"];

export const MIN_GRADUATION_YEAR = 1950;

/** The price field's example, written as the reader's language writes decimals ('150,00', '150.00'), as the field is filled in. */
const PRICE_EXAMPLE_CENTS = 150_00;

/** Optional text: trimmed, empty when absent (spec: 'an empty one becomes empty text'). */
function text(t: TFunction, max: number) {
  return z
    .string()
    .trim()
    .max(max, t("errors.tooLong", { max }))
    .optional()
    .transform((value) => value ?? "");
}

/** A checkbox group: the codes ticked, each known, none twice. */
function codes(isKnown: (value: string) => boolean, unknownMessage: string) {
  return z
    .array(z.string())
    .optional()
    .transform((values) => [...new Set(values ?? [])])
    .superRefine((values, ctx) => {
      if (values.some((value) => !isKnown(value))) ctx.addIssue({ code: "custom", message: unknownMessage });
    });
}

export function profileSchema(t: TFunction, locale: string, now = new Date()) {
  const currentYear = now.getFullYear();
  return z.object({
    name: z
      .string({ message: t("errors.nameRequired") })
      .trim()
      .min(1, t("errors.nameRequired"))
      .max(120, t("errors.tooLong", { max: 120 })),
    crp: z.string({ message: t("errors.crpRequired") }).transform((value, ctx) => {
      // Stored as 'XX/XXXXXX' however the digits were separated: without JavaScript the field is not formatted as one types.
      const crp = normalizeCrp(value);
      if (crp === null) {
        ctx.addIssue({ code: "custom", message: value.trim() === "" ? t("errors.crpRequired") : t("errors.crpFormat") });
        return z.NEVER;
      }
      return crp;
    }),
    // Optional to save the profile; receipts say when it is missing (issue 14).
    cpf: z
      .string()
      .trim()
      .optional()
      .transform((value, ctx) => {
        if (!value) return null;
        if (!isValidCpf(value)) {
          ctx.addIssue({ code: "custom", message: t("errors.cpfInvalid") });
          return z.NEVER;
        }
        return normalizeCpf(value);
      }),
    bio: text(t, 5000),
    shortBio: text(t, 300),
    specialties: codes(isSpecialty, t("errors.specialtyUnknown"))
      .refine((values) => values.length >= 1, t("errors.specialtiesMin"))
      .refine((values) => values.length <= MAX_SPECIALTIES, t("errors.specialtiesMax", { max: MAX_SPECIALTIES })),
    languages: codes(isConsultationLanguage, t("errors.languageUnknown")).refine(
      (values) => values.length <= MAX_LANGUAGES,
      t("errors.languagesMax", { max: MAX_LANGUAGES }),
    ),
    university: text(t, 200),
    graduationYear: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const trimmed = (value ?? "").trim();
        if (trimmed === "") return null;
        const year = /^\d{4}$/.test(trimmed) ? Number(trimmed) : NaN;
        if (!(year >= MIN_GRADUATION_YEAR && year <= currentYear)) {
          ctx.addIssue({ code: "custom", message: t("errors.graduationYear") });
          return z.NEVER;
        }
        return year;
      }),
    education: text(t, 2000),
    experience: text(t, 2000),
    approach: text(t, 500),
    therapeuticApproach: text(t, 2000),
    certifications: text(t, 2000),
    personalStatement: text(t, 2000),
    price: z.string({ message: t("errors.priceRequired") }).transform((value, ctx) => {
      const cents = typedReaisToCents(value);
      if (cents === null || cents <= 0) {
        ctx.addIssue({ code: "custom", message: t("errors.priceInvalid", { example: amountForInput(PRICE_EXAMPLE_CENTS, locale) }) });
        return z.NEVER;
      }
      // The pricing tab's bound: it keeps this 60-minute price, and would refuse to save it again were it higher.
      if (cents > MAX_PRICE_CENTS) {
        ctx.addIssue({ code: "custom", message: t("errors.priceTooHigh") });
        return z.NEVER;
      }
      return cents;
    }),
    pixKey: text(t, 140),
  });
}


/** Spec: 'errors are joined into one message'; each field keeps its own too. */
function joinedErrors(error: Record<string, string[] | null> | null | undefined): string[] {
  if (!error) return [];
  const keys = Object.keys(error).filter((key) => key !== "");
  keys.sort((a, b) => rank(a) - rank(b));
  const messages = keys.flatMap((key) => error[key] ?? []);
  return messages.length > 0 ? [[...new Set(messages)].join(", ")] : [];
}

function rank(key: string): number {
  const index = (PROFILE_FIELD_ORDER as readonly string[]).indexOf(key.replace(/\[.*$/, ""));
  return index === -1 ? PROFILE_FIELD_ORDER.length : index;
}

export async function profileLoaderData(request: Request, user: PsychologistSessionUser) {
  const { t, translations, locale } = await pageTranslations(request, NAMESPACES);
  const [profile, statistics] = await Promise.all([getOwnProfessionalProfile(user.id), getProfileStatistics({ psychologistId: user.psychologistId })]);
  if (!profile || !statistics) throw new Response(t("errors.loadFailed"), { status: 404 });
  const editing = new URL(request.url).searchParams.get("edit") === "1";
  const { submittedForReviewAt, statusReason, ...rest } = profile;
  return {
    translations,
    meta: await pageMeta(request, { title: t("meta.title"), noindex: true }),
    editing,
    // As the page writes its amounts: an English page showing 'R$180.50' fills in '180.50', not '180,50'.
    profile: { ...rest, priceInput: amountForInput(profile.priceCents, locale) },
    priceExample: amountForInput(PRICE_EXAMPLE_CENTS, locale),
    statistics,
    // The public photo (what the directory shows and the review asks for), not the account's avatar.
    photoUrl: profile.photoUrl,
    review: {
      // A rejected profile's old sending does not count: revised, it is sent again.
      submittedAt: profile.status === "pending" ? (submittedForReviewAt?.toISOString() ?? null) : null,
      missing: profile.status === "pending" || profile.status === "rejected" ? missingForReview(profile) : [],
      // What the team said when it rejected or suspended the profile: the e-mail may be missed, and 'revise what the team pointed out' needs it.
      reason: profile.status === "rejected" || profile.status === "suspended" ? statusReason : null,
    },
    timeZone: viewerTimeZone(request, user).timeZone,
    catalog: { specialties: SPECIALTIES, languages: CONSULTATION_LANGUAGES },
    activePatientDays: ACTIVE_PATIENT_DAYS,
    limits: { specialties: MAX_SPECIALTIES, languages: MAX_LANGUAGES, minGraduationYear: MIN_GRADUATION_YEAR, maxGraduationYear: new Date().getFullYear() },
  };
}

const PHOTO_MESSAGES: Record<PhotoRefusal, string> = {
  missing: "errors.photoMissing",
  "too-large": "errors.photoSize",
  "not-image": "errors.photoType",
  format: "errors.photoFormat",
  unreadable: "errors.photoUnreadable",
  "too-many": "errors.photoTooMany",
};

/** A refusal of the photo or review form, shaped as conform's replies are (the page finds its form by the intent). */
function refused(intent: string, field: "photo" | "", message: string, status: number) {
  return data({ status: "error" as const, initialValue: { intent }, error: { [field]: [message] } }, { status });
}

export async function profileAction(request: Request, user: PsychologistSessionUser) {
  const { t, locale } = await pageTranslations(request, NAMESPACES);
  const formData = await readPhotoForm(request);
  const back = new URL(request.url).pathname;
  const photoRefused = (reason: PhotoRefusal, format?: string) => refused("photo", "photo", t(PHOTO_MESSAGES[reason], { format }), PHOTO_REFUSAL_STATUS[reason]);
  if (formData === "too-large") return photoRefused("too-large");

  // The profile form names its intent; a post without one is that form too.
  const intent = String(formData.get("intent") ?? "profile");
  switch (intent) {
    case "profile":
      return saveProfile(request, user, formData, t, locale);
    case "photo": {
      if (await photoUploadRefused(user.id)) return photoRefused("too-many");
      const stored = await storePhoto(formData.get("photo"), "photos");
      if (!stored.ok) return photoRefused(stored.reason, stored.format);
      const replaced = await replaceOwnPhoto(user.id, stored.url);
      if (!replaced) {
        await removeFile(stored.url);
        throw new Response(t("errors.loadFailed"), { status: 404 });
      }
      await removeFile(replaced.previous);
      // The directory and the public profile show the photo: no visitor keeps the old one.
      if (replaced.status === "approved") purgePublicPages();
      return redirectWithToast(back, { type: "success", title: t("success.photo") });
    }
    case "submit-for-review":
      return sendForReview(user, t, locale, back);
    default:
      return refused(intent, "", t("errors.unknownIntent"), 400);
  }
}

async function sendForReview(user: PsychologistSessionUser, t: TFunction, locale: string, back: string) {
  const submitted = await sendProfileForReview(user.id);
  if (submitted.ok) return redirectWithToast(back, { type: "success", title: t("success.submitted") });
  switch (submitted.reason) {
    case "incomplete": {
      const fields = formatList(submitted.missing.map((field) => t(`missing.${field}`)), locale);
      return refused("submit-for-review", "", t("errors.reviewIncomplete", { fields }), 400);
    }
    case "already-submitted":
      return refused("submit-for-review", "", t("errors.reviewAlreadySubmitted"), 409);
    case "not-pending":
      return refused("submit-for-review", "", t("errors.reviewNotPending"), 409);
    case "not-found":
      throw new Response(t("errors.loadFailed"), { status: 404 });
  }
}

async function saveProfile(request: Request, user: PsychologistSessionUser, formData: FormData, t: TFunction, locale: string) {
  const submission = parseWithZod(formData, { schema: profileSchema(t, locale) });
  if (submission.status !== "success") {
    return data(submission.reply({ formErrors: joinedErrors(submission.error) }), { status: 400 });
  }
  const { price, ...values } = submission.value;
  return answerUnexpected(
    "professional-profile",
    async () => {
      const saved = await updateOwnProfessionalProfile(user.id, { ...values, priceCents: price, pixKey: values.pixKey || null });
      if (!saved.ok) {
        switch (saved.reason) {
          case "crp-taken": {
            const message = t("errors.crpTaken");
            return data(submission.reply({ formErrors: [message], fieldErrors: { crp: [message] } }), { status: 400 });
          }
          case "invalid":
            return data(submission.reply({ formErrors: [t("errors.validation")] }), { status: 400 });
          case "not-found":
            throw new Response(t("errors.loadFailed"), { status: 404 });
        }
      }
      // Public pages show the profile: no visitor keeps seeing the old one (nor a profile now back in review).
      purgePublicPages();
      return redirectWithToast(
        new URL(request.url).pathname,
        saved.backToReview ? { type: "info", title: t("success.savedBackToReview") } : { type: "success", title: t("success.saved") },
      );
    },
    // Spec 02: 'the message itself' would be the database's, never shown: its fallback is.
    () => submission.reply({ formErrors: [t("errors.saveFailed")] }),
  );
}
