import { createCookie, createCookieSessionStorage } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { GoogleStrategy, type GoogleProfile } from "remix-auth-google";
import type { Locale } from "~/i18n/config";
import { db } from "~/models/db.server";
import { claimUnverifiedAccount, findCredentialsByEmail, findUserByGoogleSub, insertUserWithProfile, linkGoogleAccount } from "~/models/user.server";
import { env } from "~/utils/env.server";
import { AccountError, signIn } from "./accounts.server";

/**
 * remix-auth runs the two ways in: e-mail and password (FormStrategy) and
 * Google (authorization code with state). It only answers "who is this";
 * the session itself is ours (session.server.ts). Its own cookie holds the
 * OAuth state for the few minutes of a Google round trip.
 */

/** Where to land after the Google round trip (the page that asked for sign-in). */
export const afterLoginCookie = createCookie("acolhe_after_login", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 600 });

export interface AuthUser {
  id: string;
}

export interface AuthContext {
  clientIp?: string | null;
  locale?: Locale;
  /** The browser's zone (the `tz` cookie) for an account Google creates. */
  timeZone?: string | null;
  [key: string]: unknown;
}

/** Only who the person is: nothing else is used, so nothing else is asked (no offline access, no forced consent). */
export const GOOGLE_SCOPES = ["openid", "email", "profile"];

export function googleConfigured(): boolean {
  const config = env();
  return Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
}

/** Finds or creates the account Google vouches for: by Google id, else by verified e-mail, else a new patient. */
export async function accountForGoogleProfile(profile: GoogleProfile, locale: Locale, timeZone: string | null = null): Promise<AuthUser> {
  const known = await findUserByGoogleSub(profile.id);
  if (known?.blockedAt) throw new AccountError("errors.blocked", 403);
  if (known) return { id: known.id };
  const email = profile._json.email ?? profile.emails?.[0]?.value;
  if (!email || profile._json.email_verified !== true) throw new AccountError("errors.googleFailed", 400);
  const existing = await findCredentialsByEmail(email);
  if (existing?.blockedAt) throw new AccountError("errors.blocked", 403);
  if (existing) {
    await db.transaction().execute(async (trx) => {
      // An unverified account may have been opened by someone else with this address: their password and sessions go.
      if (!existing.emailVerifiedAt) await claimUnverifiedAccount(existing.id, trx);
      await linkGoogleAccount(existing.id, profile.id, trx);
    });
    return { id: existing.id };
  }
  const id = await db.transaction().execute((trx) =>
    insertUserWithProfile(trx, {
      email,
      passwordHash: null,
      firstName: profile._json.given_name ?? profile.name?.givenName ?? "",
      lastName: profile._json.family_name ?? profile.name?.familyName ?? "",
      locale,
      timeZone,
      emailVerifiedAt: new Date(),
      googleSub: profile.id,
    }),
  );
  return { id };
}

let authenticator: Authenticator<AuthUser> | undefined;

export function getAuthenticator(): Authenticator<AuthUser> {
  if (authenticator) return authenticator;
  const config = env();
  const stateStorage = createCookieSessionStorage({
    cookie: {
      name: "__acolhe_auth",
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: new URL(config.APP_URL).protocol === "https:",
      secrets: [config.SESSION_SECRET],
      maxAge: 10 * 60,
    },
  });
  authenticator = new Authenticator<AuthUser>(stateStorage, { throwOnError: true });

  authenticator.use(
    new FormStrategy<AuthUser>(async ({ form, context }) => {
      const email = String(form.get("email") ?? "").trim();
      const password = String(form.get("password") ?? "");
      return signIn(email, password, (context as AuthContext | undefined)?.clientIp ?? null);
    }),
    "form",
  );

  if (googleConfigured()) {
    authenticator.use(
      new GoogleStrategy<AuthUser>(
        {
          clientID: config.GOOGLE_CLIENT_ID!,
          clientSecret: config.GOOGLE_CLIENT_SECRET!,
          callbackURL: new URL("/auth/google/callback", config.APP_URL).toString(),
          scope: GOOGLE_SCOPES,
          accessType: "online",
        },
        async ({ profile, context }) => accountForGoogleProfile(profile, (context as AuthContext | undefined)?.locale ?? "pt-BR", (context as AuthContext | undefined)?.timeZone ?? null),
      ),
      "google",
    );
  }
  return authenticator;
}

/** Tests change the configuration between cases. */
export function resetAuthenticator() {
  authenticator = undefined;
}
