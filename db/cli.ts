/**
 * Database commands for development, run with tsx:
 *   npm run db:migrate | db:seed | db:reset
 * Production runs `node build/index.js migrate` instead (same migrator).
 */
import { closeDb, db } from "../app/models/db.server";
import { env } from "../app/utils/env.server";
import { migrateToLatest } from "./migrator";
import { seed, truncateAll } from "./seed";

async function main(command: string | undefined) {
  switch (command) {
    case "migrate": {
      const applied = await migrateToLatest(db);
      console.log(applied.length ? `Aplicadas: ${applied.join(", ")}` : "Banco já está atualizado.");
      return;
    }
    case "seed":
    case "reset": {
      if (env().appEnv !== "development") throw new Error("Demo content is only loaded in development (APP_ENV=development).");
      await migrateToLatest(db);
      if (command === "reset") await truncateAll(db);
      await seed(db);
      console.log("Dados de demonstração carregados.");
      return;
    }
    default:
      throw new Error("Use: migrate | seed | reset");
  }
}

main(process.argv[2])
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => closeDb());
