import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { TFunction } from "~/i18n/translate";
import { z } from "zod";
import { isValidCpf, normalizeCpf } from "~/domain/cpf";
import { isValidTimeZone } from "~/domain/time-zones";
import { pageTranslations } from "~/i18n/i18n.server";
import { pageMeta } from "~/services/page-meta.server";
import {
  CONSENT_KINDS,
  currentConsents,
  getAccountSettings,
  recordConsentChanges,
  replaceAvatar,
  updateNotificationPreferences,
  updatePersonalData,
} from "~/models/profile.server";
import { countUserSessions, deleteUserSessions } from "~/models/session.server";
import { removeFile } from "~/providers/storage.server";
import { AccountError, changePassword } from "~/services/accounts.server";
import { PHOTO_REFUSAL_STATUS, photoUploadRefused, readPhotoForm, storePhoto, type PhotoRefusal } from "~/services/photo-upload.server";
import { deleteAccount } from "~/services/privacy.server";
import { clearSessionCookie, type SessionUser } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { answerUnexpected } from "~/services/unexpected-error.server";
import { listedTimeZones, viewerTimeZone } from "~/services/viewer-time-zone.server";

/**
 * The server half of the account pages (/patient-profile, /patient/profile,
 * /settings): every section posts here with an `intent`, and every one saves.
 */

const checkbox = z.boolean().optional().default(false);

function personalSchema(t: TFunction) {
  return z.object({
    intent: z.literal("profile"),
    firstName: z.string({ message: t("errors.required") }).trim().max(80, t("errors.nameTooLong")),
    lastName: z.string({ message: t("errors.required") }).trim().max(80, t("errors.nameTooLong")),
    phone: z
      .string()
      .trim()
      .optional()
      .refine((value) => !value || /^\+?[\d\s().-]{10,20}$/.test(value), t("errors.phoneInvalid")),
    cpf: z
      .string()
      .trim()
      .optional()
      .refine((value) => !value || isValidCpf(value), t("errors.cpfInvalid")),
    timeZone: z
      .string()
      .optional()
      .refine((value) => !value || isValidTimeZone(value), t("errors.timeZoneInvalid")),
  });
}

/**
 * An account without a password (Google only) has nothing to type to prove
 * it is its owner: setting a password or deleting the account needs a sign-in
 * this recent instead (issue 11). The same rule will guard an e-mail change.
 */
export const RECENT_SIGN_IN_MS = 10 * 60_000;

function signedInRecently(user: SessionUser, now = Date.now()): boolean {
  return now - user.signedInAt.getTime() < RECENT_SIGN_IN_MS;
}

function passwordSchema(t: TFunction, hasPassword: boolean) {
  return z
    .object({
      intent: z.literal("password"),
      currentPassword: hasPassword ? z.string({ message: t("errors.required") }) : z.string().optional(),
      newPassword: z.string({ message: t("errors.required") }).max(200, t("errors.passwordTooLong", { max: 200 })),
      confirmPassword: z.string({ message: t("errors.required") }).max(200, t("errors.passwordTooLong", { max: 200 })),
    })
    .superRefine((value, ctx) => {
      if (value.newPassword !== value.confirmPassword)
        ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: t("errors.passwordsMismatch") });
      else if (value.newPassword.length < 8) ctx.addIssue({ code: "custom", path: ["newPassword"], message: t("errors.passwordTooShort") });
    });
}

const notificationsSchema = z.object({
  intent: z.literal("notifications"),
  emailNotifications: checkbox,
  smsNotifications: checkbox,
  appointmentReminders: checkbox,
});

const consentsSchema = z.object({
  intent: z.literal("consents"),
  marketing: checkbox,
  cookies: checkbox,
  dataProcessing: checkbox,
  thirdParties: checkbox,
});

const deleteSchema = z.object({ intent: z.literal("delete-account"), password: z.string().optional(), email: z.string().optional() });

/** `page` names the page's title: /settings, or the patient profile (/patient-profile). */
export async function settingsLoaderData(request: Request, user: SessionUser, page: "settings" | "profile") {
  const { t, translations } = await pageTranslations(request, ["settings"]);
  const [account, consents, sessions] = await Promise.all([getAccountSettings(user.id), currentConsents(user.id), countUserSessions(user.id)]);
  if (!account) throw new Response(null, { status: 404 });
  return {
    translations,
    meta: await pageMeta(request, { title: t(page === "profile" ? "meta.profileTitle" : "meta.settingsTitle"), noindex: true }),
    account,
    consents: Object.fromEntries(CONSENT_KINDS.map((kind) => [kind, consents.get(kind) ?? null])) as Record<(typeof CONSENT_KINDS)[number], { granted: boolean; at: Date } | null>,
    sessions,
    // The CPF's hint depends on it: a patient's is on their receipts, a psychologist's receipts take the professional profile's.
    role: user.role,
    timeZones: listedTimeZones(),
    // Consent dates are days of the viewer's calendar, not the server's.
    viewerTimeZone: viewerTimeZone(request, user).timeZone,
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

const here = (request: Request) => new URL(request.url).pathname;

export async function settingsAction(request: Request, user: SessionUser) {
  const { t } = await pageTranslations(request, ["settings"]);
  const formData = await readPhotoForm(request);
  const back = here(request);
  const saved = (key: string) => redirectWithToast(back, { type: "success", title: t(key) });
  const reauthRequired = (intent: string) =>
    data({ status: "error" as const, initialValue: { intent }, reauth: true, error: { "": [t("errors.reauthRequired")] } }, { status: 403 });
  const photoRefused = (reason: PhotoRefusal, format?: string) =>
    data({ status: "error" as const, initialValue: { intent: "photo" }, error: { photo: [t(PHOTO_MESSAGES[reason], { format })] } }, { status: PHOTO_REFUSAL_STATUS[reason] });

  if (formData === "too-large") return photoRefused("too-large");

  switch (formData.get("intent")) {
    case "profile": {
      const submission = parseWithZod(formData, { schema: personalSchema(t) });
      if (submission.status !== "success") return data(submission.reply(), { status: 400 });
      const { firstName, lastName, phone, cpf, timeZone } = submission.value;
      return answerUnexpected(
        "profile",
        async () => {
          await updatePersonalData(user.id, { firstName, lastName, phone: phone || null, cpf: cpf ? normalizeCpf(cpf) : null, timeZone: timeZone || null });
          return saved("success.profile");
        },
        () => submission.reply({ formErrors: [t("errors.updateFailed")] }),
      );
    }
    case "photo": {
      if (await photoUploadRefused(user.id)) return photoRefused("too-many");
      const stored = await storePhoto(formData.get("photo"), "avatars");
      if (!stored.ok) return photoRefused(stored.reason, stored.format);
      await removeFile(await replaceAvatar(user.id, stored.url));
      return saved("success.photo");
    }
    case "remove-photo": {
      await removeFile(await replaceAvatar(user.id, null));
      return saved("success.photoRemoved");
    }
    case "password": {
      const account = await getAccountSettings(user.id);
      if (!account?.hasPassword && !signedInRecently(user)) return reauthRequired("password");
      const submission = parseWithZod(formData, { schema: passwordSchema(t, Boolean(account?.hasPassword)) });
      const hide = { hideFields: ["currentPassword", "newPassword", "confirmPassword"] };
      if (submission.status !== "success") return data(submission.reply(hide), { status: 400 });
      try {
        await changePassword(user.id, user.sessionId, submission.value.currentPassword ?? "", submission.value.newPassword, { requireCurrent: Boolean(account?.hasPassword) });
      } catch (error) {
        if (error instanceof AccountError) return data(submission.reply({ ...hide, fieldErrors: { currentPassword: [t(error.key)] } }), { status: error.status });
        throw error;
      }
      return saved("success.password");
    }
    case "notifications": {
      const submission = parseWithZod(formData, { schema: notificationsSchema });
      if (submission.status !== "success") return data(submission.reply(), { status: 400 });
      await updateNotificationPreferences(user.id, submission.value);
      return saved("success.notifications");
    }
    case "consents": {
      const submission = parseWithZod(formData, { schema: consentsSchema });
      if (submission.status !== "success") return data(submission.reply(), { status: 400 });
      const { marketing, cookies, dataProcessing, thirdParties } = submission.value;
      await recordConsentChanges(user.id, { marketing, cookies, data_processing: dataProcessing, third_parties: thirdParties });
      return saved("success.consents");
    }
    case "sign-out-everywhere": {
      await deleteUserSessions(user.id);
      return redirectWithToast("/login", { type: "success", title: t("success.signedOutEverywhere") }, { headers: { "Set-Cookie": await clearSessionCookie() } });
    }
    case "delete-account": {
      const account = await getAccountSettings(user.id);
      if (!account?.hasPassword && !signedInRecently(user)) return reauthRequired("delete-account");
      const submission = parseWithZod(formData, { schema: deleteSchema });
      if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
      try {
        await deleteAccount(user.id, submission.value);
      } catch (error) {
        if (error instanceof AccountError) return data(submission.reply({ hideFields: ["password"], formErrors: [t(error.key)] }), { status: error.status });
        throw error;
      }
      return redirectWithToast("/", { type: "success", title: t("success.deleted") }, { headers: { "Set-Cookie": await clearSessionCookie() } });
    }
    default:
      return data({ status: "error" as const, initialValue: {}, error: { "": [t("errors.unknownIntent")] } }, { status: 400 });
  }
}
