import type { Transaction } from "kysely";
import type { Database } from "#db/types";

/**
 * The psychologist side of an account (its owner's view; the public
 * directory has its own queries).
 */
export async function insertPendingPsychologist(
  trx: Transaction<Database>,
  values: { userId: string; name: string; email: string; crp: string | null; timeZone?: string | null },
): Promise<string> {
  const row = await trx
    .insertInto("psychologists")
    .values({
      user_id: values.userId,
      name: values.name,
      email: values.email,
      crp: values.crp,
      status: "pending",
      is_approved: false,
      terms_accepted: true,
      // The zone the psychologist signed up from (the column's Brasília without one); the agenda tab changes it.
      ...(values.timeZone ? { time_zone: values.timeZone } : {}),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
