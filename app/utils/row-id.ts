import { z } from "zod";

/**
 * A bigint identity column's id from a request: digits only, within
 * Number.MAX_SAFE_INTEGER (ids are read back as numbers, see db.server's INT8
 * parser). z.coerce.number() took '1e30' and twenty-digit ids, which reached
 * PostgreSQL as '1e+30' or out of range (22P02, 22003) and answered 500.
 */
export const rowIdSchema = z
  .string()
  .regex(/^[1-9]\d{0,15}$/)
  .transform(Number)
  .refine(Number.isSafeInteger);
