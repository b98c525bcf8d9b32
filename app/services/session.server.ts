import { createCookie, data, redirect } from "@remix-run/node";
import {
  deleteSession,
  extendSession,
  findSessionUser,
  insertSession,
  type SessionUserRow,
} from "~/models/session.server";
import type { Role } from "~/domain/roles";
import { getFixedT, getLocale } from "~/i18n/i18n.server";
import { randomToken, sha256 } from "~/utils/crypto.server";
import { env } from "~/utils/env.server";
import { log } from "~/utils/logger.server";

/**
 * Server-side sessions (docs/decisions/007-sessions.md): the cookie carries a
 * random token, signed; the sessions table holds its hash, the user and an
 * expiry that slides with activity. Signing out deletes the row, so a session
 * can be revoked from anywhere.
 */

export interface SessionUser {
  sessionId: string;
  /** When this session signed in (re-authentication for sensitive changes). */
  signedInAt: Date;
  id: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
  timeZone: string | null;
  locale: string | null;
  role: Role;
  psychologistId: string | null;
  /** The name the practice is listed under, and its review state. */
  psychologistName: string | null;
  psychologistStatus: string | null;
  /** The zone the psychologist's calendar is counted in: read with the session, so no tab asks for it again. */
  psychologistTimeZone: string | null;
  /** Booking needs at least a name (spec: 'Complete seu cadastro'). */
  profileComplete: boolean;
}

/** A psychologist's session: the practice's row came with it (requirePsychologist). */
export interface PsychologistSessionUser extends SessionUser {
  psychologistId: string;
  psychologistName: string;
  psychologistStatus: string;
  psychologistTimeZone: string;
}

/** Whether the site is served over HTTPS (production, staging, any https APP_URL): cookies are then Secure. */
export function servedOverHttps(): boolean {
  return new URL(env().APP_URL).protocol === "https:";
}

/**
 * Over HTTPS the cookie takes the `__Host-` prefix: the browser then only
 * accepts it Secure, for this exact host and path /, so a sibling subdomain
 * cannot plant or shadow it.
 */
export function sessionCookieName(): string {
  return servedOverHttps() ? "__Host-acolhe_session" : "__acolhe_session";
}

/** A session ends this long after its sign-in, however active (the sliding expiry aside). */
export const SESSION_ABSOLUTE_LIFETIME_MS = 30 * 24 * 60 * 60_000;

let cookie: ReturnType<typeof createCookie> | undefined;
function sessionCookie() {
  const config = env();
  cookie ??= createCookie(sessionCookieName(), {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: servedOverHttps(),
    secrets: [config.SESSION_SECRET],
  });
  return cookie;
}

/** Whether a request carries a session cookie at all (valid or not): enough to treat its response as private. */
export function hasSessionCookie(request: Request): boolean {
  const header = request.headers.get("Cookie");
  if (!header) return false;
  const name = sessionCookieName();
  return header.split(";").some((part) => part.trim().startsWith(`${name}=`));
}

/** Tests change APP_URL between cases. */
export function resetSessionCookieForTests() {
  cookie = undefined;
}

export function roleOf(row: Pick<SessionUserRow, "email" | "psychologistId">): Role {
  if (env().ADMIN_EMAILS.includes(row.email.toLowerCase())) return "admin";
  return row.psychologistId ? "psychologist" : "patient";
}

function toSessionUser(row: SessionUserRow): SessionUser {
  return {
    sessionId: row.sessionId,
    signedInAt: row.signedInAt,
    id: row.id,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    firstName: row.firstName ?? "",
    lastName: row.lastName ?? "",
    avatarUrl: row.avatarUrl,
    timeZone: row.timeZone,
    locale: row.locale,
    role: roleOf(row),
    psychologistId: row.psychologistId,
    psychologistName: row.psychologistName,
    psychologistStatus: row.psychologistStatus,
    psychologistTimeZone: row.psychologistTimeZone,
    profileComplete: Boolean(row.firstName?.trim()),
  };
}

async function readSessionId(request: Request): Promise<string | null> {
  const token: unknown = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof token === "string" && token.length > 0 ? sha256(token) : null;
}

// Loaders of one request run in parallel; they share one lookup.
const lookups = new WeakMap<Request, Promise<SessionUser | null>>();

async function lookup(request: Request): Promise<SessionUser | null> {
  const sessionId = await readSessionId(request);
  if (!sessionId) return null;
  const row = await findSessionUser(sessionId, new Date(), SESSION_ABSOLUTE_LIFETIME_MS);
  if (!row) return null;
  // Slide the expiry once half the timeout has passed, not on every request.
  const timeout = env().constants.sessionTimeoutMs;
  if (row.expiresAt.getTime() - Date.now() < timeout / 2) {
    await extendSession(sessionId, new Date(Date.now() + timeout));
  }
  return toSessionUser(row);
}

/** The signed-in person, or null. */
export function getSessionUser(request: Request): Promise<SessionUser | null> {
  let pending = lookups.get(request);
  if (!pending) {
    pending = lookup(request);
    lookups.set(request, pending);
  }
  return pending;
}

/**
 * Starts a fresh session (a new id on every sign-in: no session fixation) and
 * returns its Set-Cookie header. The session the browser had, anyone's, ends:
 * its cookie is replaced, and a copy of it taken earlier must not outlive it.
 */
export async function startSession(userId: string, request: Request): Promise<string> {
  const previous = await readSessionId(request);
  if (previous) await deleteSession(previous);
  const token = randomToken();
  await insertSession({
    id: sha256(token),
    userId,
    expiresAt: new Date(Date.now() + env().constants.sessionTimeoutMs),
    userAgent: request.headers.get("User-Agent")?.slice(0, 300) ?? null,
  });
  return sessionCookie().serialize(token);
}

export async function clearSessionCookie(): Promise<string> {
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

/** Signs out: the session row goes; whatever fails, the person lands on / without the cookie. */
export async function logout(request: Request): Promise<Response> {
  try {
    const sessionId = await readSessionId(request);
    if (sessionId) await deleteSession(sessionId);
  } catch (error) {
    log().error({ err: error }, "Erro ao fazer logout");
  }
  return redirect("/", { status: 303, headers: { "Set-Cookie": await clearSessionCookie() } });
}

export type LoginReason = "booking" | "auth";

export function loginUrl(request: Request, reason: LoginReason = "auth"): string {
  const url = new URL(request.url);
  const params = new URLSearchParams({ redirectTo: url.pathname + url.search });
  if (reason === "booking") params.set("reason", "booking");
  return `/login?${params}`;
}

export async function requireUser(request: Request, options: { reason?: LoginReason } = {}): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw redirect(loginUrl(request, options.reason));
  return user;
}

async function requireRole(request: Request, role: Role, reason?: LoginReason): Promise<SessionUser> {
  const user = await requireUser(request, { reason });
  if (user.role !== role) throw new Response(null, { status: 403 });
  return user;
}

export const requirePatient = (request: Request, options: { reason?: LoginReason } = {}) =>
  requireRole(request, "patient", options.reason);

/** A psychologist, whose practice's row came with the session: the role is read from that row (roleOf), the check tells the types. */
export async function requirePsychologist(request: Request): Promise<PsychologistSessionUser> {
  const user = await requireRole(request, "psychologist");
  if (!hasPractice(user)) throw new Response(null, { status: 403 });
  return user;
}

export const requireAdmin = (request: Request) => requireRole(request, "admin");

function hasPractice(user: SessionUser): user is PsychologistSessionUser {
  return user.psychologistId !== null && user.psychologistName !== null && user.psychologistStatus !== null && user.psychologistTimeZone !== null;
}

/** What the error boundary needs to show the spec's 'Complete seu cadastro' card. */
export interface CompleteProfileNotice {
  completeProfile: { title: string; body: string; complete: string; home: string; href: string };
}

/**
 * Booking pages: a signed-in patient with a completed profile. A visitor goes
 * to /login with the booking message; a person without a name sees the
 * 'Complete seu cadastro' card (rendered by the route's error boundary).
 */
export async function requireBookingPatient(request: Request): Promise<SessionUser> {
  const user = await requirePatient(request, { reason: "booking" });
  if (!user.profileComplete) {
    const t = getFixedT(await getLocale(request), "auth");
    const notice: CompleteProfileNotice = {
      completeProfile: {
        title: t("completeProfile.title"),
        body: t("completeProfile.body"),
        complete: t("completeProfile.complete"),
        home: t("completeProfile.home"),
        href: "/register",
      },
    };
    throw data(notice, { status: 403 });
  }
  return user;
}
