import { rmSync } from "node:fs";
import pg from "pg";

export default async function globalTeardown() {
  const base = process.env.DATABASE_URL;
  const name = process.env.E2E_DATABASE_NAME;
  if (base && name) {
    const admin = new URL(base);
    admin.pathname = "/postgres";
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  }
  if (process.env.E2E_PGLITE_DIR) rmSync(process.env.E2E_PGLITE_DIR, { recursive: true, force: true });
}
