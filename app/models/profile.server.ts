import { sql } from "kysely";
import type { ConsentKind, SettingsConsentKind } from "#db/types";
import { db, type Executor } from "./db.server";

/** Everything the settings page shows about its owner, in one query. */
export function getAccountSettings(userId: string) {
  return db
    .selectFrom("users")
    .innerJoin("profiles", "profiles.id", "users.id")
    .where("users.id", "=", userId)
    .where("users.deleted_at", "is", null)
    .select([
      "users.email",
      sql<boolean>`users.password_hash is not null`.as("hasPassword"),
      sql<boolean>`users.google_sub is not null`.as("googleLinked"),
      "users.created_at as createdAt",
      "profiles.first_name as firstName",
      "profiles.last_name as lastName",
      "profiles.phone",
      "profiles.cpf",
      "profiles.avatar_url as avatarUrl",
      "profiles.time_zone as timeZone",
      "profiles.email_notifications as emailNotifications",
      "profiles.sms_notifications as smsNotifications",
      "profiles.appointment_reminders as appointmentReminders",
    ])
    .executeTakeFirst();
}

export async function updatePersonalData(
  userId: string,
  values: { firstName: string; lastName: string; phone: string | null; cpf: string | null; timeZone: string | null },
) {
  await db
    .updateTable("profiles")
    .set({ first_name: values.firstName, last_name: values.lastName, phone: values.phone, cpf: values.cpf, time_zone: values.timeZone })
    .where("id", "=", userId)
    .execute();
}

export async function updateNotificationPreferences(
  userId: string,
  values: { emailNotifications: boolean; smsNotifications: boolean; appointmentReminders: boolean },
) {
  await db
    .updateTable("profiles")
    .set({
      email_notifications: values.emailNotifications,
      sms_notifications: values.smsNotifications,
      appointment_reminders: values.appointmentReminders,
    })
    .where("id", "=", userId)
    .execute();
}

/** Sets the photo and returns the previous one, so its file can go. */
export async function replaceAvatar(userId: string, avatarUrl: string | null): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const previous = await trx.selectFrom("profiles").select("avatar_url").where("id", "=", userId).forUpdate().executeTakeFirst();
    await trx.updateTable("profiles").set({ avatar_url: avatarUrl }).where("id", "=", userId).execute();
    return previous?.avatar_url ?? null;
  });
}

export async function setProfileLocale(userId: string, locale: string) {
  await db.updateTable("profiles").set({ locale }).where("id", "=", userId).where("locale", "is distinct from", locale).execute();
}

export const CONSENT_KINDS: SettingsConsentKind[] = ["marketing", "cookies", "data_processing", "third_parties"];

/** The latest decision per consent, with its date; kinds never decided are absent. */
export async function currentConsents(userId: string): Promise<Map<ConsentKind, { granted: boolean; at: Date }>> {
  const rows = await db
    .selectFrom("consent_log")
    .distinctOn("consent")
    .select(["consent", "granted", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("consent")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return new Map(rows.map((row) => [row.consent, { granted: row.granted, at: row.created_at }]));
}

/** Appends to the dated log only the consents whose value changed. */
export async function recordConsentChanges(userId: string, wanted: Record<SettingsConsentKind, boolean>, executor: Executor = db): Promise<SettingsConsentKind[]> {
  const current = await currentConsents(userId);
  const changed = CONSENT_KINDS.filter((kind) => (current.get(kind)?.granted ?? false) !== wanted[kind] || !current.has(kind));
  if (changed.length > 0) {
    await executor
      .insertInto("consent_log")
      .values(changed.map((consent) => ({ user_id: userId, consent, granted: wanted[consent] })))
      .execute();
  }
  return changed;
}

/** Records a consent given to a versioned document (the terms, health data), in the caller's transaction. */
export async function recordConsent(executor: Executor, values: { userId: string; consent: ConsentKind; version: string; granted?: boolean }) {
  await executor.insertInto("consent_log").values({ user_id: values.userId, consent: values.consent, granted: values.granted ?? true, version: values.version }).execute();
}

/** Whether the person's latest decision on a consent is a yes. */
export async function hasConsent(userId: string, consent: ConsentKind, executor: Executor = db): Promise<boolean> {
  const row = await executor
    .selectFrom("consent_log")
    .select("granted")
    .where("user_id", "=", userId)
    .where("consent", "=", consent)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row?.granted ?? false;
}

export function consentHistory(userId: string) {
  return db.selectFrom("consent_log").select(["consent", "granted", "version", "created_at"]).where("user_id", "=", userId).orderBy("created_at").orderBy("id").execute();
}
