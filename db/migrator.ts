import { Migrator, type Kysely, type MigrationResultSet } from "kysely";
import { migrations } from "./migrations/index";

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results }: MigrationResultSet = await migrator.migrateToLatest();
  if (error) throw error;
  for (const result of results ?? []) {
    if (result.status === "Error") throw new Error(`Migration ${result.migrationName} failed`);
  }
  return (results ?? []).map((result) => result.migrationName);
}
