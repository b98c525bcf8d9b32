import { db } from "~/models/db.server";
import { startSession } from "~/services/session.server";
import { hashPassword } from "~/utils/password.server";
import { CookieJar, getRequest } from "./http";

/** People for tests, written straight to the database (not through the forms under test). */

export const PASSWORD = "senha-segura-123";
let sequence = 0;

export interface TestUser {
  id: string;
  email: string;
  psychologistId: string | null;
}

export async function createUser(
  options: { email?: string; password?: string | null; verified?: boolean; role?: "patient" | "psychologist" | "admin"; psychologistStatus?: "pending" | "approved" | "rejected" | "suspended"; firstName?: string; lastName?: string; locale?: string } = {},
): Promise<TestUser> {
  sequence += 1;
  // The admin is the address in ADMIN_EMAILS (admin@acolhe.dev by default): there is one.
  const email = options.email ?? (options.role === "admin" ? "admin@acolhe.dev" : `pessoa${sequence}-${Date.now().toString(36)}@exemplo.com.br`);
  if (options.role === "admin") {
    const existing = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
    if (existing) return { id: existing.id, email, psychologistId: null };
  }
  const passwordHash = options.password === null ? null : await hashPassword(options.password ?? PASSWORD);
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto("users")
      .values({ email, password_hash: passwordHash, email_verified_at: options.verified === false ? null : new Date() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("profiles")
      .values({ id: user.id, first_name: options.firstName ?? "Teste", last_name: options.lastName ?? `Pessoa ${sequence}`, locale: options.locale ?? "pt-BR" })
      .execute();
    let psychologistId: string | null = null;
    if (options.role === "psychologist") {
      const status = options.psychologistStatus ?? "approved";
      const row = await trx
        .insertInto("psychologists")
        .values({ user_id: user.id, name: `Psi Teste ${sequence}`, email, status, is_approved: status === "approved" })
        .returning("id")
        .executeTakeFirstOrThrow();
      psychologistId = row.id;
    }
    return { id: user.id, email, psychologistId };
  });
}

/** A cookie jar already signed in as the user (a real session row). */
export async function signedIn(user: { id: string }): Promise<CookieJar> {
  const cookie = await startSession(user.id, getRequest("/"));
  return new CookieJar().take(new Headers({ "Set-Cookie": cookie }));
}
