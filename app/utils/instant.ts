import { z } from "zod";

/** The earliest instant taken from a request: before it, nothing in this app happens (and PostgreSQL has no year 0). */
const EARLIEST_MS = Date.UTC(1900, 0, 1);
/** The latest time a JavaScript Date holds, in milliseconds since 1970. */
export const LATEST_MS = 8.64e15;
const ISO_WITH_ZONE = z.string().datetime({ offset: true });

/**
 * An instant from a request: ISO 8601 with its zone ('Z' or an offset), kept
 * as sent. zod's `.datetime({ offset: true })` alone takes offsets no clock
 * has ('+99:99', '+2400'), whose Date is Invalid (a NaN reaching the
 * database as a 500): the string must also make a valid Date.
 */
export function instantSchema(message = "Invalid datetime") {
  return z
    .string({ required_error: message, invalid_type_error: message })
    .refine((value) => ISO_WITH_ZONE.safeParse(value).success && Date.parse(value) >= EARLIEST_MS, message);
}
