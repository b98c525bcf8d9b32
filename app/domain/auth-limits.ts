/**
 * How sign-in and the other unauthenticated account forms are limited
 * (docs/decisions/014). Limits count per (e-mail, IP) pair and per IP: a
 * stranger who knows someone's e-mail cannot lock them out. The e-mail alone
 * is never refused; past its limit each answer waits longer instead.
 */

export interface Limit {
  /** A name for the counted thing, hashed with the person's data into the key. */
  key: string;
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;
export const SIGN_IN_WINDOW_MS = 15 * MINUTE;

/** Sign-in: `max` attempts per (e-mail, IP) and ten times that per IP, in 15 minutes. */
export function signInLimits(email: string, ip: string, max: number): Limit[] {
  const address = email.trim().toLowerCase();
  return [
    { key: `login:pair:${address}:${ip}`, max, windowMs: SIGN_IN_WINDOW_MS },
    { key: `login:ip:${ip}`, max: max * 10, windowMs: SIGN_IN_WINDOW_MS },
  ];
}

export function signInEmailKey(email: string): string {
  return `login:email:${email.trim().toLowerCase()}`;
}

/** The wait before answering a sign-in for an e-mail that failed `failures` times: 0 up to `max`, then doubling from 250 ms to 5 s. */
export function signInDelayMs(failures: number, max: number): number {
  if (failures <= max) return 0;
  return Math.min(250 * 2 ** (failures - max - 1), 5_000);
}

/** The forms that send e-mail or hash a password for anyone: per address and per IP, whether or not an account exists. */
export function accountFormLimits(form: "signup" | "forgot" | "resend", email: string, ip: string, max: number): Limit[] {
  const address = email.trim().toLowerCase();
  const hour = 60 * MINUTE;
  switch (form) {
    case "signup":
      return [
        { key: `signup:email:${address}`, max: 3, windowMs: hour },
        { key: `signup:ip:${ip}`, max: max * 2, windowMs: hour },
      ];
    case "forgot":
      return [
        { key: `forgot:email:${address}`, max: 3, windowMs: hour },
        { key: `forgot:ip:${ip}`, max: max * 4, windowMs: hour },
      ];
    case "resend":
      return [
        { key: `resend:email:${address}`, max: 1, windowMs: MINUTE },
        { key: `resend:ip:${ip}`, max: max * 4, windowMs: hour },
      ];
  }
}

/**
 * Photo uploads per user, the account's avatar and the professional photo
 * together: each one decodes an image of up to 50 MP several times, so a
 * signed-in script must not be able to keep the CPU busy with them.
 */
export function photoUploadLimit(userId: string): Limit {
  return { key: `photo-upload:user:${userId}`, max: 10, windowMs: 60 * MINUTE };
}

/**
 * Wrong current passwords typed in the settings (the password change and the
 * account deletion, one budget), per user: a stolen session must not become
 * a way to guess the password (which would then open the account everywhere,
 * and survive the session's end).
 */
export function currentPasswordLimit(userId: string): Limit {
  return { key: `current-password:user:${userId}`, max: 5, windowMs: 15 * MINUTE };
}
