/**
 * `npm run bench` (after `npm run build`): how fast the public site is, as a
 * report, not a test (issue 4, item 7). On a database of its own:
 *   - a scratch PostgreSQL 15 cluster in a temporary directory (when
 *     DATABASE_URL is unset and /usr/lib/postgresql/15/bin exists), or
 *   - a scratch database inside DATABASE_URL's server, or
 *   - the embedded PGlite (concurrency figures then mean little),
 * migrated, seeded with the demo content plus 2,000 approved psychologists,
 * it serves the production build on a free loopback port and prints:
 *   (a) JavaScript per public page: gzip and brotli sizes of the build
 *       (tests/bench/js-size.ts), and the brotli bytes Chromium transfers on
 *       a first visit to /, /psychologists and a profile (tests/bench/js-transfer.ts),
 *   (b) Lighthouse mobile performance of /, /psychologists and a profile,
 *   (c) requests/s and p50/p99 latency of filtered /psychologists pages under
 *       50 concurrent connections (autocannon, 127.0.0.1 only), as served
 *       (the public-page cache on) and with every request rendered (what a
 *       signed-in visitor costs), the median of one rendered request at a
 *       time, and the CPU each server process used (the server runs one web
 *       process per core on PostgreSQL: WEB_CONCURRENCY, ADR 018),
 *   (d) SQL statements per directory request (pg_stat_statements),
 * then a verdict against the targets. Exits 0 whatever the verdict; 1 only
 * when something could not be run. Everything it starts is stopped and
 * everything it creates is removed, on failure and on Ctrl-C too.
 *
 * Knobs: BENCH_DURATION (seconds of load, 10), BENCH_WARM_UP (seconds of the same load before
 * each measured one, 30), BENCH_CONNECTIONS (50),
 * BENCH_ONLY=render (only the rendered directory: load, single render, CPU;
 * no JavaScript sizes, Lighthouse, cached load, dashboards or statements),
 * BENCH_ONLY=js (only the JavaScript figures: no practice, Lighthouse, loads
 * or statements), BENCH_ONLY=admin (only the administrator's overview on
 * 100,000 appointments),
 * WEB_CONCURRENCY (the server's web processes; default the available cores),
 * BENCH_NODE (the server's Node: default the production image's, fetched
 * from the npm registry when it is not the running one; `system` for the
 * running one; or a path — tests/bench/server-node.ts),
 * BENCH_LIGHTHOUSE_RUNS (runs per page, median reported, 1),
 * BENCH_PG_BIN (PostgreSQL binaries, /usr/lib/postgresql/15/bin),
 * CHROMIUM_PATH (/usr/bin/chromium).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { createRequire } from "node:module";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import pg from "pg";
import { CONSULTATION_LANGUAGES, SPECIALTIES } from "../../app/domain/catalog";
import { ADMIN_APPOINTMENTS, adminInsertSql, SETTLE } from "./admin-load";
import { formatRouteJs, routeJsSizes, type RouteJs } from "./js-size";
import { formatJsTransfer, jsTransferred } from "./js-transfer";
import { serverNode, type ServerNode } from "./server-node";

const TARGETS = { jsKb: 80, lighthouse: 95, requestsPerSecond: 300, p99Ms: 150, statements: 3, dashboardP99Ms: 150 } as const;
/** Every directory request rendered (signed-in visitors; issue 16, item 3): load at CONNECTIONS, and one request at a time. */
const RENDER_TARGETS = { requestsPerSecond: 200, p99Ms: 250, singleRenderMs: 6 } as const;
/** BENCH_ONLY=render: only the rendered directory's figures, to measure a render-time change quickly. */
const RENDER_ONLY = process.env.BENCH_ONLY === "render";
/** BENCH_ONLY=js: only the JavaScript figures, to measure a bundle or serving change quickly. */
const JS_ONLY = process.env.BENCH_ONLY === "js";
/** BENCH_ONLY=admin: only the administrator's overview on 100,000 appointments. */
const ADMIN_ONLY = process.env.BENCH_ONLY === "admin";
/** The administrator's overview (issue 15): every card one statement over the whole marketplace. */
const ADMIN_TARGET_P99_MS = 250;
/** A platform's administrators are a handful of staff: two reloading the overview at once, not a crowd. */
const ADMIN_CONNECTIONS = 2;
/** One psychologist's practice for the dashboard's load (issue 12): appointments, payments, evaluations. */
const PRACTICE_APPOINTMENTS = 10_000;
const DASHBOARD_CONNECTIONS = 20;
/** The dashboard tabs measured signed in as that psychologist, each under its own load; tabs join as they are built. */
const DASHBOARD_LOADS = [
  { tab: "Overview", paths: ["/psychologist-dashboard?period=week", "/psychologist-dashboard?period=month", "/psychologist-dashboard?period=day"] },
  {
    tab: "Consultations",
    paths: [
      "/psychologist-dashboard/appointments",
      "/psychologist-dashboard/appointments?page=40",
      "/psychologist-dashboard/appointments?status=completed&period=month",
      "/psychologist-dashboard/appointments?q=ana",
      "/psychologist-dashboard/appointments?view=calendar",
    ],
  },
];
const BULK_PSYCHOLOGISTS = 2_000;
const PG_BIN = process.env.BENCH_PG_BIN ?? "/usr/lib/postgresql/15/bin";
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"];
const LOAD_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
/**
 * Before each load, the same load for this long, unmeasured: a fresh web process keeps getting faster for
 * about half a minute (V8 optimising, its heap growing to the load: 115 → 161 → 198 → 215 → 242 req/s in
 * five 8-second rounds of the rendered directory), and a production process has long been warm.
 */
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1));
/** The directory as a visitor filters it: text, a price band, the cheapest first (app/services/directory.server.ts). */
const FILTERED_DIRECTORY = "/psychologists?q=ansiedade&price=150-250&sort=price-low";
/**
 * The load: the directory as many visitors filter it — texts, price bands,
 * sorts, availability, language — 26 distinct pages, so the public-page cache
 * (docs/decisions/012-public-page-cache.md) renders each of them again every
 * few seconds while it runs, as it would in production.
 */
const DIRECTORY_LOAD_PATHS = [
  ...new Set([
    FILTERED_DIRECTORY,
    ...["ansiedade", "depressão", "casal", ""].flatMap((q) =>
      ["150-250", "le150"].flatMap((price) =>
        ["price-low", "rating", "name"].map((sort) => `/psychologists?${new URLSearchParams(q ? { q, price, sort } : { price, sort })}`),
      ),
    ),
    "/psychologists?availability=today&language=en&sort=rating",
    "/psychologists?availability=online",
  ]),
];
/** Any cookie but language, theme and time zone makes the page cache render the request (app/utils/page-cache.server.ts). */
const RENDER_EVERY_REQUEST = { cookie: "bench=render" };
/** A page of static text: no query, no list — what the frame of every page costs. */
const LEGAL_PAGE = "/terms";
const BENCH_DOMAIN = "bench.acolhe.test";
const isRoot = process.getuid?.() === 0;

// ---------------------------------------------------------------- cleanup

const cleanups: Array<{ name: string; run: () => unknown }> = [];
const onCleanup = (name: string, run: () => unknown) => cleanups.push({ name, run });
let cleaning: Promise<void> | undefined;
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (let next = cleanups.pop(); next; next = cleanups.pop()) {
      try {
        await next.run();
      } catch (error) {
        console.error(`  cleanup "${next.name}" failed: ${message(error)}`);
      }
    }
  })();
  return cleaning;
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up…`);
    void cleanUp().finally(() => {
      console.error("cleaned up.");
      process.exit(130);
    });
  });
}

// ---------------------------------------------------------------- helpers

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const step = (text: string) => console.log(`\n== ${text}`);
const note = (text: string) => console.log(`   ${text}`);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no free port"))));
    });
  });
}

/** Runs a command to completion (as the postgres user when `asPostgres` and root); throws with its output on failure. */
function run(command: string, args: string[], options: { asPostgres?: boolean; env?: NodeJS.ProcessEnv } = {}) {
  const [file, argv] = options.asPostgres && isRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
  const result = spawnSync(file, argv, { stdio: ["ignore", "pipe", "pipe"], env: options.env ?? process.env, encoding: "utf8", timeout: 300_000 });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${path.basename(command)} exited ${result.status}:\n${result.stdout}${result.stderr}`.trim());
  return result.stdout;
}

/** SQL string literal and text[] literal, for the constants the bulk insert inlines. */
const lit = (value: string) => `'${value.replace(/'/g, "''")}'`;
const textArray = (values: readonly string[]) => `array[${values.map(lit).join(", ")}]::text[]`;

// ---------------------------------------------------------------- database

type Rows = Array<Record<string, unknown>>;
type Query = (text: string) => Promise<Rows>;

interface BenchDatabase {
  kind: "postgres" | "pglite";
  description: string;
  /** DATABASE_URL or PGLITE_DATA_DIR for the app's processes. */
  serverEnv: Record<string, string>;
  /** One session on the app's database, closed after `task` (PGlite: only while no server runs). */
  session<T>(task: (query: Query) => Promise<T>): Promise<T>;
}

async function pgSession<T>(connectionString: string, task: (query: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await task(async (text) => (await client.query(text)).rows as Rows);
  } finally {
    await client.end();
  }
}

function withDatabase(url: string, name: string): string {
  const copy = new URL(url);
  copy.pathname = `/${name}`;
  return copy.toString();
}

async function createScratchDatabase(adminUrl: string, name: string, description: string): Promise<BenchDatabase> {
  await pgSession(adminUrl, (query) => query(`create database ${name}`));
  onCleanup(`drop database ${name}`, () => pgSession(adminUrl, (query) => query(`drop database if exists ${name} with (force)`)));
  const url = withDatabase(adminUrl, name);
  const version = await pgSession(url, async (query) => String((await query("show server_version"))[0]?.server_version ?? "?"));
  return {
    kind: "postgres",
    description: `${description}, PostgreSQL ${version}, database ${name}`,
    serverEnv: { DATABASE_URL: url },
    session: (task) => pgSession(url, task),
  };
}

async function startScratchCluster(): Promise<BenchDatabase> {
  const root = mkdtempSync(path.join(tmpdir(), "acolhe-bench-pg-"));
  onCleanup("remove the scratch cluster", () => rmSync(root, { recursive: true, force: true }));
  if (isRoot) run("chown", ["postgres", root]);
  const data = path.join(root, "data");
  run(`${PG_BIN}/initdb`, ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"], { asPostgres: true });
  const port = await freePort();
  const settings = [
    `-p ${port}`,
    `-k ${root}`,
    "-c listen_addresses=127.0.0.1",
    "-c fsync=off",
    "-c max_connections=300",
    "-c shared_preload_libraries=pg_stat_statements",
  ].join(" ");
  onCleanup("stop the scratch cluster", () => run(`${PG_BIN}/pg_ctl`, ["-D", data, "-m", "fast", "-w", "stop"], { asPostgres: true }));
  run(`${PG_BIN}/pg_ctl`, ["-D", data, "-l", path.join(root, "log"), "-w", "-t", "60", "-o", settings, "start"], { asPostgres: true });
  return createScratchDatabase(`postgres://postgres@127.0.0.1:${port}/postgres`, "acolhe_bench", `scratch cluster on 127.0.0.1:${port}`);
}

async function openPglite(dataDir: string) {
  const [{ PGlite }, { citext }, { btree_gist }, { unaccent }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/citext"),
    import("@electric-sql/pglite/contrib/btree_gist"),
    import("@electric-sql/pglite/contrib/unaccent"),
  ]);
  return PGlite.create(dataDir, { extensions: { citext, btree_gist, unaccent } });
}

async function prepareDatabase(): Promise<BenchDatabase> {
  if (process.env.DATABASE_URL) {
    const name = `acolhe_bench_${Date.now().toString(36)}`;
    const host = new URL(process.env.DATABASE_URL).host;
    return createScratchDatabase(process.env.DATABASE_URL, name, `DATABASE_URL's server (${host})`);
  }
  if (existsSync(`${PG_BIN}/initdb`) && existsSync(`${PG_BIN}/pg_ctl`)) return startScratchCluster();
  const dataDir = mkdtempSync(path.join(tmpdir(), "acolhe-bench-pglite-"));
  onCleanup("remove the PGlite directory", () => rmSync(dataDir, { recursive: true, force: true }));
  return {
    kind: "pglite",
    description: `embedded PGlite in ${dataDir} (no DATABASE_URL, no ${PG_BIN})`,
    serverEnv: { PGLITE_DATA_DIR: dataDir },
    async session(task) {
      const pglite = await openPglite(dataDir);
      try {
        return await task(async (text) => (await pglite.query<Record<string, unknown>>(text)).rows);
      } finally {
        await pglite.close();
      }
    },
  };
}

// ---------------------------------------------------------------- data

const FIRST_NAMES = ["Ana", "Beatriz", "Camila", "Daniela", "Eduarda", "Fernanda", "Gabriela", "Helena", "Isabela", "Júlia", "Larissa", "Mariana", "Natália", "Patrícia", "Renata", "Sofia", "André", "Bruno", "Carlos", "Diego", "Felipe", "Gustavo", "João", "Lucas", "Marcelo", "Pedro", "Rafael", "Thiago"];
const LAST_NAMES = ["Silva", "Santos", "Oliveira", "Souza", "Rodrigues", "Ferreira", "Alves", "Pereira", "Lima", "Gomes", "Costa", "Ribeiro", "Martins", "Carvalho", "Almeida", "Lopes", "Soares", "Fernandes", "Vieira", "Barbosa", "Rocha", "Dias", "Nascimento", "Andrade", "Moreira", "Nunes", "Marques", "Machado", "Mendes", "Freitas", "Cardoso", "Ramos", "Gonçalves", "Teixeira", "Araújo"];
const APPROACHES = ["Terapia Cognitivo-Comportamental", "Psicanálise", "Gestalt-terapia", "Abordagem Centrada na Pessoa", "Análise do Comportamento", "Terapia Sistêmica", "Terapia de Aceitação e Compromisso (ACT)", "EMDR", "Psicologia Analítica"];
const UNIVERSITIES = ["Universidade de São Paulo (USP)", "Universidade Federal do Rio de Janeiro (UFRJ)", "Universidade Federal de Minas Gerais (UFMG)", "Universidade Federal do Rio Grande do Sul (UFRGS)", "Universidade de Brasília (UnB)", "Universidade Federal da Bahia (UFBA)", "Pontifícia Universidade Católica de São Paulo (PUC-SP)"];
const TIME_ZONES = ["America/Sao_Paulo", "America/Sao_Paulo", "America/Sao_Paulo", "America/Sao_Paulo", "America/Manaus", "America/Recife", "America/Cuiaba"];
const OTHER_LANGUAGES = CONSULTATION_LANGUAGES.filter((code) => code !== "pt");
const BENCH_PATIENTS = 300;

/**
 * 2,000 approved psychologists in a handful of set-based statements: 1–4
 * specialties and 0–2 languages besides Portuguese each, prices from R$ 80
 * to R$ 500 (every price band), six weekly agendas, dated evening blocks for
 * one in five, explicit 30/60 pricing for one in three, and 0–7 past
 * evaluated consultations (ratings vary, a quarter have none).
 */
function bulkInsertSql(count: number): string[] {
  const n = (values: readonly unknown[]) => values.length;
  return [
    `create temp table bench_psy as
       select g, gen_random_uuid() as id,
              (${textArray(FIRST_NAMES)})[1 + g % ${n(FIRST_NAMES)}] || ' ' ||
              (${textArray(LAST_NAMES)})[1 + (g / ${n(FIRST_NAMES)}) % ${n(LAST_NAMES)}] || ' ' ||
              (${textArray(LAST_NAMES)})[1 + (g * 7) % ${n(LAST_NAMES)}] as name,
              (${textArray(APPROACHES)})[1 + g % ${n(APPROACHES)}] as approach,
              8000 + ((g * 37) % 43) * 1000 as price_cents
       from generate_series(1, ${count}) as g`,
    `insert into psychologists (
       id, name, email, crp, bio, short_bio, specialties, languages, price_cents, approach, therapeutic_approach,
       education, university, graduation_year, experience, certifications, personal_statement,
       status, is_approved, approved_at, terms_accepted, time_zone)
     select b.id, b.name, 'psi-' || b.g || '@${BENCH_DOMAIN}',
            lpad((1 + b.g % 24)::text, 2, '0') || '/' || lpad((700000 + b.g)::text, 6, '0'),
            'Atendimento online, por vídeo, em sala privada, com ' || b.approach || '. Escuta cuidadosa e sem julgamentos.',
            'Psicólogo(a) clínico(a) há ' || (2026 - (1990 + b.g % 33)) || ' anos. Atendimento online com ' || b.approach || '.',
            array(select (${textArray(SPECIALTIES)})[1 + (b.g * 7 + i * 11) % ${n(SPECIALTIES)}] from generate_series(0, b.g % 4) as i order by i),
            array['pt'] || array(select (${textArray(OTHER_LANGUAGES)})[1 + (b.g * 3 + i * 5) % ${n(OTHER_LANGUAGES)}] from generate_series(1, b.g % 3) as i order by i),
            b.price_cents, b.approach, b.approach,
            'Graduação em Psicologia — ' || (${textArray(UNIVERSITIES)})[1 + b.g % ${n(UNIVERSITIES)}],
            (${textArray(UNIVERSITIES)})[1 + b.g % ${n(UNIVERSITIES)}], 1990 + b.g % 33,
            (2026 - (1990 + b.g % 33)) || ' anos de prática clínica.', 'Registro ativo no Conselho Regional de Psicologia.',
            'Acredito que todo mundo merece ser ouvido com respeito e cuidado.',
            'approved', true, now() - make_interval(days => b.g % 365), true,
            (${textArray(TIME_ZONES)})[1 + b.g % ${n(TIME_ZONES)}]
     from bench_psy b
     on conflict do nothing`,
    `insert into psychologist_availability (psychologist_id, weekday, start_time, end_time)
     select b.id, d, a.start_time::time, a.end_time::time
     from bench_psy b
     join (values
       (0, '{1,2,3,4,5}', '08:00', '12:00'), (0, '{1,2,3,4,5}', '13:00', '18:00'),
       (1, '{1,2,3,4,5}', '18:00', '22:00'),
       (2, '{0,1,2,3,4,5,6}', '07:00', '23:00'),
       (3, '{1,2,3,4,5}', '08:00', '12:00'), (3, '{6}', '09:00', '13:00'),
       (4, '{1,3,5}', '14:00', '21:00'),
       (5, '{2,4}', '09:00', '17:00'), (5, '{0}', '09:00', '12:00')
     ) as a(kind, days, start_time, end_time) on a.kind = b.g % 6
     cross join unnest(a.days::int[]) as d
     where exists (select 1 from psychologists p where p.id = b.id)`,
    `insert into psychologist_schedule (psychologist_id, date, start_time, end_time)
     select b.id, current_date + k, '19:00', '21:30'
     from bench_psy b cross join generate_series(0, 6) as k
     where b.g % 5 = 0 and exists (select 1 from psychologists p where p.id = b.id)`,
    `insert into psychologist_pricing (psychologist_id, price_30_cents, price_60_cents)
     select b.id, round(b.price_cents * 0.7 / 100) * 100, b.price_cents
     from bench_psy b
     where b.g % 3 = 0 and exists (select 1 from psychologists p where p.id = b.id)`,
    `create temp table bench_patients as select n, gen_random_uuid() as id from generate_series(1, ${BENCH_PATIENTS}) as n`,
    `insert into users (id, email, email_verified_at) select id, 'paciente-' || n || '@${BENCH_DOMAIN}', now() from bench_patients`,
    `insert into profiles (id, first_name, last_name, time_zone) select id, 'Paciente', 'Bench ' || n, 'America/Sao_Paulo' from bench_patients`,
    `create temp table bench_reviews as
       select gen_random_uuid() as id, b.id as psychologist_id, b.g, k, b.price_cents, pa.id as patient_id,
              date_trunc('day', now()) - make_interval(days => 7 * (k + 1) + b.g % 7) + interval '13 hours' as starts_at,
              greatest(1, (array[5, 5, 4, 5, 4, 3, 5, 4, 5, 5, 2, 4, 5, 4, 1, 3])[1 + (b.g * 3 + k) % 16] - (b.g % 5 = 1)::int) as rating
       from bench_psy b
       cross join generate_series(0, case when b.g % 4 = 3 then -1 else b.g % 8 end) as k
       join bench_patients pa on pa.n = 1 + (b.g * 13 + k * 7) % ${BENCH_PATIENTS}
       where exists (select 1 from psychologists p where p.id = b.id)`,
    `insert into appointments (id, patient_id, psychologist_id, starts_at, ends_at, duration_minutes, status, payment_status, payment_method, price_cents)
     select id, patient_id, psychologist_id, starts_at, starts_at + interval '50 minutes', 50, 'completed', 'paid',
            case when k % 3 = 0 then 'pix' else 'credit_card' end, price_cents * 50 / 60
     from bench_reviews`,
    `insert into evaluations (appointment_id, psychologist_id, patient_id, rating, comment, is_anonymous, publish_consent, created_at)
     select id, psychologist_id, patient_id, rating,
            case when rating >= 4 then 'Escuta cuidadosa e sem julgamentos. Recomendo.' else 'Ainda estou me adaptando à abordagem.' end,
            true, (g + k) % 2 = 0, starts_at + interval '1 day'
     from bench_reviews`,
    "drop table bench_psy, bench_patients, bench_reviews",
    SETTLE,
  ];
}

async function bulkInsert(database: BenchDatabase): Promise<{ psychologists: number; evaluations: number; profileId: string }> {
  return database.session(async (query) => {
    await query("begin");
    for (const statement of bulkInsertSql(BULK_PSYCHOLOGISTS)) {
      if (statement === SETTLE) await query("commit");
      await query(statement);
    }
    const [counts] = await query(`select
        (select count(*)::int from psychologists where status = 'approved') as psychologists,
        (select count(*)::int from psychologists where email like '%@${BENCH_DOMAIN}') as bench,
        (select count(*)::int from evaluations) as evaluations`);
    // A seeded (not bulk) psychologist for the profile page: the demo account if there, else the first approved.
    const [profile] = await query(`select id from psychologists
        where status = 'approved' and email not like '%@${BENCH_DOMAIN}'
        order by (email = 'psicologa@acolhe.dev') desc, created_at, id limit 1`);
    if (!profile) throw new Error("the seed left no approved psychologist for the profile page");
    if (Number(counts?.bench) !== BULK_PSYCHOLOGISTS) note(`only ${String(counts?.bench)} of ${BULK_PSYCHOLOGISTS} bulk psychologists inserted (CRP clash?)`);
    return { psychologists: Number(counts?.psychologists), evaluations: Number(counts?.evaluations), profileId: String(profile.id) };
  });
}

/**
 * The demo psychologist's practice grown to PRACTICE_APPOINTMENTS consultations, one an hour from
 * 400 days ago (the seed's own ones, at 13:00 and 17:00 UTC, are left alone): past ones mostly
 * completed and paid, some no-shows and cancellations, a quarter evaluated; future ones confirmed.
 */
function practiceInsertSql(count: number): string[] {
  return [
    `create temp table bench_practice as
       select gen_random_uuid() as id, ps.id as psychologist_id, pa.id as patient_id, h.starts_at, h.n,
              case when h.starts_at > now() then (case when h.n % 7 = 0 then 'cancelled' else 'confirmed' end)
                   when h.n % 13 = 0 then 'no_show' when h.n % 9 = 0 then 'cancelled' else 'completed' end as status
       from (select starts_at, row_number() over (order by starts_at) as n
             from generate_series(date_trunc('hour', now()) - interval '400 days', date_trunc('hour', now()) + interval '200 days', interval '1 hour') as starts_at
             where extract(hour from starts_at at time zone 'UTC') not in (13, 17)
             limit ${count}) as h
       cross join (select id from psychologists where email = 'psicologa@acolhe.dev') as ps
       join (select id, row_number() over (order by id) as k from users where email like 'paciente-%@${BENCH_DOMAIN}') as pa on pa.k = 1 + h.n % ${BENCH_PATIENTS}`,
    `insert into appointments (id, patient_id, psychologist_id, starts_at, ends_at, duration_minutes, status, payment_status, payment_method, price_cents, created_at)
     select id, patient_id, psychologist_id, starts_at, starts_at + interval '50 minutes', 50, status::appointment_status,
            (case when status = 'cancelled' then 'refunded' else 'paid' end)::payment_status,
            (array['pix', 'credit_card', 'debit_card'])[1 + n % 3], 15000, starts_at - interval '5 days'
     from bench_practice`,
    `insert into payments (appointment_id, provider, provider_payment_id, status, method, amount_cents, currency, refunded_cents, approved_at)
     select id, 'local', 'bench-' || id, case when status = 'cancelled' then 'refunded' else 'approved' end,
            (array['pix', 'credit_card', 'debit_card'])[1 + n % 3], 15000, 'BRL', case when status = 'cancelled' then 15000 else 0 end, starts_at - interval '5 days'
     from bench_practice`,
    `insert into evaluations (appointment_id, psychologist_id, patient_id, rating, comment, is_anonymous, publish_consent, created_at)
     select id, psychologist_id, patient_id, 1 + (n * 7) % 5, '', true, false, starts_at + interval '1 day'
     from bench_practice where status = 'completed' and n % 4 = 0`,
    "drop table bench_practice",
    SETTLE,
  ];
}

async function practiceInsert(database: BenchDatabase): Promise<number> {
  return database.session(async (query) => {
    await query("begin");
    for (const statement of practiceInsertSql(PRACTICE_APPOINTMENTS)) {
      if (statement === SETTLE) await query("commit");
      await query(statement);
    }
    const [row] = await query(`select count(*)::int as count from appointments a join psychologists p on p.id = a.psychologist_id where p.email = 'psicologa@acolhe.dev'`);
    return Number(row?.count);
  });
}

/** Fills the marketplace up to ADMIN_APPOINTMENTS appointments; the count it reached. */
async function adminInsert(database: BenchDatabase): Promise<number> {
  return database.session(async (query) => {
    const [before] = await query("select count(*)::int as count from appointments");
    await query("begin");
    for (const statement of adminInsertSql(Math.max(0, ADMIN_APPOINTMENTS - Number(before?.count ?? 0)), BENCH_DOMAIN)) {
      if (statement === SETTLE) await query("commit");
      await query(statement);
    }
    const [row] = await query("select count(*)::int as count from appointments");
    return Number(row?.count);
  });
}

/** Signs in as the demo psychologist (or another demo account) through the login form; the session cookie for the load. */
async function psychologistCookie(origin: string, email = "psicologa@acolhe.dev"): Promise<string> {
  const response = await fetch(`${origin}/login`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ intent: "login", email, password: "acolhe-demo-2026" }),
  });
  const session = response.headers.getSetCookie().map((line) => line.split(";")[0]!).find((pair) => pair.includes("acolhe_session="));
  if (!session) throw new Error(`sign-in answered ${response.status} without a session`);
  return session;
}

// ---------------------------------------------------------------- the app

function appEnv(database: BenchDatabase, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.PGLITE_DATA_DIR;
  return { ...env, ...database.serverEnv, NODE_ENV: "production", APP_ENV: "development", LOG_LEVEL: "warn", ...extra };
}

/** The server's web processes: one per core on PostgreSQL, as in production (ADR 018); PGlite allows one. */
const WEB_PROCESSES = Number(process.env.WEB_CONCURRENCY || availableParallelism());

async function serve(database: BenchDatabase, uploadsDir: string, node: ServerNode): Promise<{ origin: string; pid: number }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = appEnv(database, { PORT: String(port), APP_URL: origin, RUN_JOBS_IN_WEB: "true", UPLOADS_DIR: uploadsDir, WEB_CONCURRENCY: String(WEB_PROCESSES) });
  const child: ChildProcess = spawn(node.binary, ["build/index.js", "serve"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once("exit", () => ((exited = true), resolve())));
  onCleanup("stop the server", async () => {
    if (exited) return;
    child.kill("SIGTERM");
    // An embedded PGlite must close cleanly: give the server time to shut down.
    if (await Promise.race([exit.then(() => true), sleep(15_000).then(() => false)])) return;
    child.kill("SIGKILL");
    await exit;
  });

  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the server exited before it was ready:\n${output}`);
    try {
      const response = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(2_000) });
      // Clustered, the first worker answers first: wait for the others (the primary's children) to be forked too.
      const expected = database.kind === "postgres" && WEB_PROCESSES > 1 ? WEB_PROCESSES : 0;
      if (response.ok && childPids(child.pid!).length >= expected) return { origin, pid: child.pid! };
    } catch {
      // not listening yet
    }
    await sleep(300);
  }
  throw new Error(`the server was not ready within 180 s:\n${output}`);
}

// ---------------------------------------------------------------- measurements

function lighthouseVersion(): string {
  return (createRequire(import.meta.url)("lighthouse/package.json") as { version: string }).version;
}

interface LighthouseRow {
  page: string;
  score: number | null;
  metrics: string;
  foreignHosts: string[];
}

/** One Lighthouse run in a Chromium of its own (a reused browser sometimes loses the trace's navigation start). */
async function lighthouseOnce(url: string): Promise<{ score: number | null; metrics: string; foreignHosts: string[] }> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  const stop = () => chrome.kill();
  onCleanup("stop Chromium", stop);
  try {
    // The default config: mobile (Moto G Power screen), simulated slow 4G and 4× CPU slowdown.
    const result = await lighthouse(url, { port: chrome.port, hostname: "127.0.0.1", output: "json", logLevel: "error", onlyCategories: ["performance"] });
    if (!result) throw new Error("Lighthouse returned nothing");
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const score = lhr.categories.performance?.score;
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? "?";
    const requests = (lhr.audits["network-requests"]?.details as { items?: Array<{ url?: string }> } | undefined)?.items ?? [];
    const foreignHosts = [
      ...new Set(
        requests
          .map((item) => item.url ?? "")
          .filter((address) => /^(https?|wss?):/.test(address))
          .map((address) => new URL(address).host)
          .filter((host) => !host.startsWith("127.0.0.1")),
      ),
    ];
    return {
      score: typeof score === "number" ? Math.round(score * 100) : null,
      metrics: `FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")}, TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")}, SI ${metric("speed-index")}`,
      foreignHosts,
    };
  } finally {
    stop();
    const index = cleanups.findIndex((cleanup) => cleanup.run === stop);
    if (index >= 0) cleanups.splice(index, 1);
  }
}

/** The median score of BENCH_LIGHTHOUSE_RUNS runs per page; a run that fails is tried again, twice at most. */
async function lighthouseScores(pages: Array<[string, string]>): Promise<LighthouseRow[]> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`);
  const rows: LighthouseRow[] = [];
  for (const [label, url] of pages) {
    const runs: Array<{ score: number | null; metrics: string; foreignHosts: string[] }> = [];
    let lastError = "";
    for (let tries = 0; runs.length < LIGHTHOUSE_RUNS && tries < LIGHTHOUSE_RUNS + 2; tries += 1) {
      try {
        runs.push(await lighthouseOnce(url));
      } catch (error) {
        lastError = message(error);
        note(`(Lighthouse on ${label}: ${lastError}; trying again)`);
      }
    }
    if (runs.length === 0) {
      rows.push({ page: label, score: null, metrics: `failed: ${lastError}`, foreignHosts: [] });
      continue;
    }
    runs.sort((a, b) => (a.score ?? -1) - (b.score ?? -1));
    const median = runs[Math.floor(runs.length / 2)]!;
    rows.push({ page: label, ...median, foreignHosts: [...new Set(runs.flatMap((r) => r.foreignHosts))] });
  }
  if (rows.every((row) => row.score === null)) throw new Error("every Lighthouse run failed");
  return rows;
}

interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Responses by X-Page-Cache: hit, miss (rendered and kept), rendered (not kept). */
  cache: Record<string, number>;
}

/** A process's children (the clustered server's web workers), from /proc. */
function childPids(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // After the command name: the state, then the parent's pid.
      const parent = Number(readFileSync(`/proc/${entry}/stat`, "utf8").replace(/^.*\) /s, "").split(" ")[1]);
      if (parent === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children.sort((a, b) => a - b);
}

/** CPU seconds each server process used while `task` ran: the primary (or the one process) first, then each worker. */
async function cpuDuring<T>(pid: number, task: () => Promise<T>): Promise<{ result: T; seconds: number; processes: Array<{ label: string; cpu: number }> }> {
  const pids = [pid, ...childPids(pid)];
  const before = pids.map(cpuSeconds);
  const started = Date.now();
  const result = await task();
  const seconds = (Date.now() - started) / 1000;
  const processes = pids.flatMap((id, index) => {
    const [from, to] = [before[index], cpuSeconds(id)];
    if (from === undefined || to === undefined) return [];
    return [{ label: index === 0 ? (pids.length > 1 ? `primary ${id}` : `server ${id}`) : `worker ${id}`, cpu: to - from }];
  });
  return { result, seconds, processes };
}

const formatCpu = (processes: Array<{ label: string; cpu: number }>, seconds: number) =>
  processes.map(({ label, cpu }) => `${label} ${cpu.toFixed(1)} s (${((cpu / seconds) * 100).toFixed(0)}%)`).join(", ");

/** CPU seconds (user + system) a process has used so far, from /proc; undefined where there is none. */
function cpuSeconds(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").replace(/^.*\) /s, "").split(" ");
    const ticks = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;
    // After the command name: field 3 is the state, so utime (14) and stime (15) are at 11 and 12.
    return (Number(fields[11]) + Number(fields[12])) / ticks;
  } catch {
    return undefined;
  }
}

const LOAD_HEADERS = { "accept-encoding": "gzip", "accept-language": "pt-BR,pt;q=0.9", accept: "text/html" };

/** The median time of one request at a time: what a request costs without queueing. */
async function sequentialMedian(url: string, headers: Record<string, string>, count = 20): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** `paths` in turn on every connection; also counts how the page cache answered (its X-Page-Cache header). */
async function load(origin: string, paths: string[], headers: Record<string, string>, connections = CONNECTIONS): Promise<LoadResult> {
  const cache: Record<string, number> = {};
  const requests = paths.map((path) => ({
    method: "GET" as const,
    path,
    onResponse: (_status: number, _body: string, _context: object, responseHeaders?: Record<string, string | string[] | undefined>) => {
      const outcome = String(responseHeaders?.["x-page-cache"] ?? "rendered");
      cache[outcome] = (cache[outcome] ?? 0) + 1;
    },
  }));
  // Warm up (JIT, heap, pools, caches) before measuring, at the measured concurrency (WARM_UP_SECONDS).
  await autocannon({ url: origin, requests, connections, duration: WARM_UP_SECONDS, headers });
  for (const outcome of Object.keys(cache)) delete cache[outcome];
  const result = await autocannon({ url: origin, requests, connections, duration: LOAD_SECONDS, headers, timeout: 10 });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    cache,
  };
}

interface StatementCount {
  path: string;
  count: number;
  statements: string[];
}

/**
 * SQL statements one rendered directory request sends (the page cache
 * bypassed): pg_stat_statements reset, one request, read back (the job queue's own queries, in the pgboss schema, and
 * this measurement's are left out). The fewest of three tries, so a
 * scheduled job that happens to run meanwhile does not count.
 */
async function countStatements(database: BenchDatabase, origin: string, paths: string[]): Promise<StatementCount[] | string> {
  if (database.kind === "pglite") return "skipped: PGlite has no pg_stat_statements (run on PostgreSQL for this figure)";
  return database.session(async (query) => {
    try {
      await query("create extension if not exists pg_stat_statements");
      await query("select pg_stat_statements_reset()");
    } catch (error) {
      return `skipped: pg_stat_statements is not available on this server (${message(error)})`;
    }
    const counts: StatementCount[] = [];
    for (const pathname of paths) {
      await (await fetch(`${origin}${pathname}`, { headers: RENDER_EVERY_REQUEST })).arrayBuffer(); // warm
      let best: StatementCount | undefined;
      for (let attempt = 0; attempt < 3; attempt += 1) {
        await query("select pg_stat_statements_reset()");
        const response = await fetch(`${origin}${pathname}`, { headers: { "accept-language": "pt-BR", ...RENDER_EVERY_REQUEST } });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${pathname} answered ${response.status}`);
        const rows = await query(`select calls::int as calls, round(mean_exec_time::numeric, 2)::float as ms, query from pg_stat_statements
            where dbid = (select oid from pg_database where datname = current_database())
              and query not ilike '%pg_stat_statements%' and query not ilike '%pgboss%'
            order by calls desc`);
        const count = rows.reduce((sum, row) => sum + Number(row.calls), 0);
        const statements = rows.map((row) => `${String(row.calls)}× ${String(row.ms).padStart(6)} ms  ${String(row.query).replace(/\s+/g, " ").slice(0, 90)}`);
        if (!best || count < best.count) best = { path: pathname, count, statements };
      }
      counts.push(best!);
    }
    return counts;
  });
}

// ---------------------------------------------------------------- report

type Verdict = "PASS" | "FAIL" | "n/a" | "ERROR";
interface VerdictRow {
  check: string;
  value: string;
  target: string;
  verdict: Verdict;
}

function printTable(rows: VerdictRow[]) {
  const width = (key: keyof VerdictRow, title: string) => Math.max(title.length, ...rows.map((row) => row[key].length));
  const widths = { check: width("check", "Check"), value: width("value", "Measured"), target: width("target", "Target") };
  const line = (a: string, b: string, c: string, d: string) => `  ${a.padEnd(widths.check)}  ${b.padStart(widths.value)}  ${c.padEnd(widths.target)}  ${d}`;
  console.log(line("Check", "Measured", "Target", "Verdict"));
  console.log(line("-".repeat(widths.check), "-".repeat(widths.value), "-".repeat(widths.target), "-------"));
  for (const row of rows) console.log(line(row.check, row.value, row.target, row.verdict));
}

async function main(): Promise<number> {
  const started = Date.now();
  const failures: string[] = [];
  const verdicts: VerdictRow[] = [];
  const attempt = async <T>(name: string, task: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await task();
    } catch (error) {
      failures.push(name);
      console.error(`   ✗ ${name} failed: ${message(error)}`);
      return undefined;
    }
  };

  console.log("Acolhe benchmark — a report, not a test. Load generator, browser, server and database share this machine.");

  step("JavaScript per public page (first visit; gzip, and brotli as precompressed)");
  const sizes = RENDER_ONLY ? undefined : await attempt("JavaScript sizes", async () => routeJsSizes(process.cwd(), { withParentPages: true }));
  for (const row of sizes?.filter((r) => r.isPublic) ?? []) console.log(`   ${formatRouteJs(row)}`);

  step("Database");
  const database = await prepareDatabase();
  note(database.description);
  if (database.kind === "pglite") {
    note("NOTE: embedded PGlite is a single connection: the concurrency figures below only mean something on PostgreSQL.");
  }

  step("Migrations and demo content (node build/index.js seed)");
  let clock = Date.now();
  run(process.execPath, ["build/index.js", "seed"], { env: appEnv(database) });
  note(`done in ${((Date.now() - clock) / 1000).toFixed(1)} s`);

  step(`Bulk insert: ${BULK_PSYCHOLOGISTS.toLocaleString("en")} approved psychologists (set-based SQL)`);
  clock = Date.now();
  const data = await bulkInsert(database);
  note(`done in ${((Date.now() - clock) / 1000).toFixed(1)} s: ${data.psychologists} approved psychologists, ${data.evaluations} evaluations`);

  step(`The demo psychologist's practice: ${PRACTICE_APPOINTMENTS.toLocaleString("en")} appointments with payments and evaluations`);
  clock = Date.now();
  const practice = RENDER_ONLY || JS_ONLY ? undefined : await attempt("practice insert", () => practiceInsert(database));
  if (practice !== undefined) note(`done in ${((Date.now() - clock) / 1000).toFixed(1)} s: ${practice} appointments for psicologa@acolhe.dev`);

  step(`The marketplace for the administrator's overview: ${ADMIN_APPOINTMENTS.toLocaleString("en")} appointments in all, with payments and evaluations`);
  clock = Date.now();
  const market = RENDER_ONLY || JS_ONLY ? undefined : await attempt("marketplace insert", () => adminInsert(database));
  if (market !== undefined) note(`done in ${((Date.now() - clock) / 1000).toFixed(1)} s: ${market.toLocaleString("en")} appointments`);

  step("Production build on a free loopback port");
  const uploadsDir = mkdtempSync(path.join(tmpdir(), "acolhe-bench-uploads-"));
  onCleanup("remove the uploads directory", () => rmSync(uploadsDir, { recursive: true, force: true }));
  const node = serverNode();
  clock = Date.now();
  const { origin, pid: serverPid } = await serve(database, uploadsDir, node);
  note(`${origin} ready in ${((Date.now() - clock) / 1000).toFixed(1)} s (NODE_ENV=production, APP_ENV=development, RUN_JOBS_IN_WEB=true)`);
  note(`served by Node ${node.version}: ${node.why}`);
  const workerPids = childPids(serverPid);
  note(
    workerPids.length > 0
      ? `${workerPids.length} web processes (WEB_CONCURRENCY=${WEB_PROCESSES}): primary ${serverPid} (migrations, jobs), workers ${workerPids.join(", ")}`
      : `one web process ${serverPid}${database.kind === "pglite" ? " (PGlite allows one)" : ""}`,
  );

  /** The admin's overview under load: every card's statement over the whole marketplace. */
  const measureAdminOverview = async () => {
    step(`Load: the administrator's overview (/admin) signed in, ${ADMIN_CONNECTIONS} connections, ${LOAD_SECONDS} s`);
    const cookie = await attempt("admin sign-in", () => psychologistCookie(origin, "admin@acolhe.dev"));
    // The figures are kept a minute per process (ADR 020): the first view computes them, and that cost is said too.
    const cold = Date.now();
    if (cookie) await fetch(`${origin}/admin`, { headers: { ...LOAD_HEADERS, cookie } }).then((response) => response.arrayBuffer());
    note(`first view (figures computed): ${Date.now() - cold} ms`);
    const overview = cookie ? await attempt("admin overview load", () => load(origin, ["/admin"], { ...LOAD_HEADERS, cookie }, ADMIN_CONNECTIONS)) : undefined;
    if (overview) note(`${overview.requestsPerSecond.toFixed(1)} req/s, p50 ${overview.p50} ms, p99 ${overview.p99} ms — ${overview.total} requests, ${overview.non2xx} non-2xx, ${overview.errors} errors`);
    verdicts.push({
      check: `Admin overview p99 (${(market ?? 0).toLocaleString("en")} appointments)`,
      value: overview ? `${overview.p99} ms` : "?",
      target: `≤ ${ADMIN_TARGET_P99_MS} ms${database.kind === "postgres" ? "" : " (PostgreSQL only)"}`,
      verdict: !overview ? "ERROR" : database.kind !== "postgres" ? "n/a" : overview.non2xx === 0 && overview.errors === 0 && overview.p99 <= ADMIN_TARGET_P99_MS ? "PASS" : "FAIL",
    });
  };
  if (ADMIN_ONLY) {
    await measureAdminOverview();
    step("Verdict");
    printTable(verdicts);
    if (failures.length > 0) console.error(`\nCould not run: ${failures.join(", ")}.`);
    if (process.env.BENCH_KEEP) {
      note(`app ${origin}, database ${JSON.stringify(database.serverEnv)}; Ctrl-C to clean up`);
      await new Promise(() => {});
    }
    return failures.length > 0 ? 1 : 0;
  }

  const profilePath = `/psychologist-details/${data.profileId}`;
  const pages: Array<[string, string, string]> = [
    ["/", "/", "/"],
    ["/psychologists", "/psychologists", "/psychologists"],
    ["profile", profilePath, "/psychologist-details/:id"],
  ];
  // Each page answers before anything is measured on it.
  for (const [, pathname] of pages) {
    const response = await fetch(`${origin}${pathname}`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${pathname} answered ${response.status}`);
  }

  if (!RENDER_ONLY) step("JavaScript a first visit transfers in Chromium (Accept-Encoding: br, gzip; empty cache)");
  const transfers = RENDER_ONLY ? [] : await attempt("JavaScript transferred", () => jsTransferred(pages.map(([label, pathname]) => [label, `${origin}${pathname}`])));
  for (const row of transfers ?? []) note(formatJsTransfer(row));
  for (const [label, , pattern] of RENDER_ONLY ? [] : pages) {
    const row = sizes?.find((r: RouteJs) => r.route === pattern);
    const transfer = transfers?.find((r) => r.label === label);
    verdicts.push({
      check: `JS ${label} (br transferred; gz)`,
      value: `${transfer ? `${(transfer.bytes / 1024).toFixed(1)} KB` : "?"}; ${row ? `${row.kb.toFixed(1)} KB` : "?"}`,
      target: `≤ ${TARGETS.jsKb} KB br`,
      verdict: !transfer ? "ERROR" : transfer.bytes / 1024 <= TARGETS.jsKb ? "PASS" : "FAIL",
    });
  }
  if (JS_ONLY) {
    step("Verdict");
    printTable(verdicts);
    if (failures.length > 0) console.error(`\nCould not run: ${failures.join(", ")}.`);
    return failures.length > 0 ? 1 : 0;
  }

  step(`Lighthouse ${lighthouseVersion()}, mobile, default simulated throttling${LIGHTHOUSE_RUNS > 1 ? `, median of ${LIGHTHOUSE_RUNS}` : ""}`);
  clock = Date.now();
  const scores = RENDER_ONLY ? [] : await attempt("Lighthouse", () => lighthouseScores(pages.map(([label, pathname]) => [label, `${origin}${pathname}`])));
  for (const row of scores ?? []) {
    note(`${String(row.score ?? "—").padStart(3)}  ${row.page.padEnd(15)} ${row.metrics}`);
    if (row.foreignHosts.length > 0) note(`     requests left 127.0.0.1 for: ${row.foreignHosts.join(", ")}`);
  }
  if (scores) note(`(${((Date.now() - clock) / 1000).toFixed(0)} s)`);
  const lighthouseFailed = scores?.filter((row) => row.score === null).map((row) => row.page) ?? [];
  if (lighthouseFailed.length > 0) failures.push(`Lighthouse on ${lighthouseFailed.join(", ")}`);
  for (const [label] of RENDER_ONLY ? [] : pages) {
    const row = scores?.find((r) => r.page === label);
    verdicts.push({
      check: `Lighthouse ${label}`,
      value: row?.score === null || row === undefined ? "?" : String(row.score),
      target: `≥ ${TARGETS.lighthouse}`,
      verdict: row?.score == null ? "ERROR" : row.score >= TARGETS.lighthouse ? "PASS" : "FAIL",
    });
  }

  step(`Load: ${DIRECTORY_LOAD_PATHS.length} filtered directory pages in turn, ${CONNECTIONS} connections, ${LOAD_SECONDS} s (autocannon, after a ${WARM_UP_SECONDS} s warm-up)`);
  const matches = await attempt("directory page", async () => {
    const response = await fetch(`${origin}${FILTERED_DIRECTORY}`, { headers: LOAD_HEADERS });
    // The page's result count (role="status"), in pt-BR.
    return /role="status"[^>]*>([^<]*)</.exec(await response.text())?.[1] ?? "?";
  });
  if (matches !== undefined) note(`${FILTERED_DIRECTORY} says "${matches}" (of ${data.psychologists} approved psychologists)`);
  const measureLoad = async (name: string, headers: Record<string, string>) => {
    const measured = await cpuDuring(serverPid, () => attempt(name, () => load(origin, DIRECTORY_LOAD_PATHS, headers)));
    const loaded = measured.result;
    if (!loaded) return undefined;
    note(`${loaded.requestsPerSecond.toFixed(1)} req/s, p50 ${loaded.p50} ms, p99 ${loaded.p99} ms — ${loaded.total} requests, ${loaded.non2xx} non-2xx, ${loaded.errors} errors, ${loaded.timeouts} timeouts`);
    note(`page cache: ${Object.entries(loaded.cache).map(([outcome, count]) => `${count} ${outcome}`).join(", ")}`);
    // Each process is one Node thread: 100% is a core kept busy.
    const cpu = formatCpu(measured.processes, measured.seconds);
    if (cpu) note(`CPU during warm-up and load (${measured.seconds.toFixed(0)} s): ${cpu}`);
    if (loaded.non2xx > 0 || loaded.errors > 0) note("WARNING: some responses failed; the figures are not a clean measurement.");
    return { ...loaded, cpu };
  };
  let loaded: Awaited<ReturnType<typeof measureLoad>> = undefined;
  if (!RENDER_ONLY) {
    note("As served to anonymous visitors (the page cache on, as in production):");
    loaded = await measureLoad("load test", LOAD_HEADERS);
  }
  note("Every request rendered (a cookie the page cache does not know; what a signed-in visitor costs):");
  const renderedHeaders = { ...LOAD_HEADERS, ...RENDER_EVERY_REQUEST };
  const rendered = await measureLoad("load test, every request rendered", renderedHeaders);
  const alone = await attempt("sequential requests", () => sequentialMedian(`${origin}${FILTERED_DIRECTORY}`, renderedHeaders, 50));
  if (alone !== undefined) note(`one rendered request at a time: median ${alone.toFixed(1)} ms over 50 requests`);
  // The same, for a page with no data and no list: what any page of the app costs here, the floor under the target above.
  const legalPage = await attempt("sequential requests, legal page", () => sequentialMedian(`${origin}${LEGAL_PAGE}`, renderedHeaders, 50));
  if (legalPage !== undefined) note(`${LEGAL_PAGE} (static text, no query), one request at a time: median ${legalPage.toFixed(1)} ms over 50 requests`);
  const onPostgres = database.kind === "postgres";
  const clean = loaded && loaded.non2xx === 0 && loaded.errors === 0;
  const loadVerdict = (ok: boolean): Verdict => (!loaded ? "ERROR" : !onPostgres ? "n/a" : clean && ok ? "PASS" : "FAIL");
  if (!RENDER_ONLY) verdicts.push({
    check: "Directory throughput",
    value: loaded ? `${loaded.requestsPerSecond.toFixed(0)} req/s` : "?",
    target: `≥ ${TARGETS.requestsPerSecond} req/s${onPostgres ? "" : " (PostgreSQL only)"}`,
    verdict: loadVerdict(!!loaded && loaded.requestsPerSecond >= TARGETS.requestsPerSecond),
  });
  if (!RENDER_ONLY) verdicts.push({
    check: "Directory p99 latency",
    value: loaded ? `${loaded.p99} ms` : "?",
    target: `≤ ${TARGETS.p99Ms} ms${onPostgres ? "" : " (PostgreSQL only)"}`,
    verdict: loadVerdict(!!loaded && loaded.p99 <= TARGETS.p99Ms),
  });
  const renderedClean = rendered && rendered.non2xx === 0 && rendered.errors === 0;
  const renderedVerdict = (ok: boolean): Verdict => (!rendered ? "ERROR" : !onPostgres ? "n/a" : renderedClean && ok ? "PASS" : "FAIL");
  verdicts.push({
    check: `Rendered directory throughput (${CONNECTIONS} conn.)`,
    value: rendered ? `${rendered.requestsPerSecond.toFixed(0)} req/s` : "?",
    target: `≥ ${RENDER_TARGETS.requestsPerSecond} req/s${onPostgres ? "" : " (PostgreSQL only)"}`,
    verdict: renderedVerdict(!!rendered && rendered.requestsPerSecond >= RENDER_TARGETS.requestsPerSecond),
  });
  verdicts.push({
    check: "Rendered directory p99 latency",
    value: rendered ? `${rendered.p99} ms` : "?",
    target: `≤ ${RENDER_TARGETS.p99Ms} ms${onPostgres ? "" : " (PostgreSQL only)"}`,
    verdict: renderedVerdict(!!rendered && rendered.p99 <= RENDER_TARGETS.p99Ms),
  });
  verdicts.push({
    check: "Median single render",
    value: alone === undefined ? "?" : `${alone.toFixed(1)} ms`,
    target: `≤ ${RENDER_TARGETS.singleRenderMs} ms`,
    verdict: alone === undefined ? "ERROR" : alone <= RENDER_TARGETS.singleRenderMs ? "PASS" : "FAIL",
  });
  verdicts.push({
    check: `(info) Median single request, ${LEGAL_PAGE}`,
    value: legalPage === undefined ? "?" : `${legalPage.toFixed(1)} ms`,
    target: "a page with no data, for scale",
    verdict: "n/a",
  });
  verdicts.push({
    check: "(info) CPU, rendered load",
    value: rendered?.cpu || "?",
    target: "one thread each: 100% = a core",
    verdict: "n/a",
  });
  verdicts.push({ check: "(info) Server runtime", value: `Node ${node.version}`, target: node.why, verdict: "n/a" });

  for (const { tab, paths } of RENDER_ONLY ? [] : DASHBOARD_LOADS) {
    step(`Load: the psychologist's ${tab.toLowerCase()} tab signed in (${paths.join(", ")}), ${DASHBOARD_CONNECTIONS} connections, ${LOAD_SECONDS} s`);
    const dashboard = await attempt(`${tab.toLowerCase()} load`, async () => {
      const cookie = await psychologistCookie(origin);
      return load(origin, paths, { ...LOAD_HEADERS, cookie }, DASHBOARD_CONNECTIONS);
    });
    if (dashboard) {
      note(`${dashboard.requestsPerSecond.toFixed(1)} req/s, p50 ${dashboard.p50} ms, p99 ${dashboard.p99} ms — ${dashboard.total} requests, ${dashboard.non2xx} non-2xx, ${dashboard.errors} errors`);
    }
    verdicts.push({
      check: `${tab} tab p99 (10k appointments)`,
      value: dashboard ? `${dashboard.p99} ms` : "?",
      target: `≤ ${TARGETS.dashboardP99Ms} ms${onPostgres ? "" : " (PostgreSQL only)"}`,
      verdict: !dashboard ? "ERROR" : !onPostgres ? "n/a" : dashboard.non2xx === 0 && dashboard.errors === 0 && dashboard.p99 <= TARGETS.dashboardP99Ms ? "PASS" : "FAIL",
    });
  }

  if (!RENDER_ONLY) await measureAdminOverview();

  step("SQL statements per directory request (pg_stat_statements, fewest of 3 tries)");
  const counted = RENDER_ONLY
    ? "skipped (BENCH_ONLY=render)"
    : await attempt("statement count", () =>
        countStatements(database, origin, ["/psychologists", FILTERED_DIRECTORY, "/psychologists?availability=today&language=en&sort=rating"]),
      );
  if (typeof counted === "string") note(counted);
  for (const row of Array.isArray(counted) ? counted : []) {
    note(`${row.count}  ${row.path}`);
    for (const statement of row.statements) note(`     ${statement}`);
  }
  const most = Array.isArray(counted) && counted.length > 0 ? Math.max(...counted.map((row) => row.count)) : undefined;
  verdicts.push({
    check: "Statements per directory request",
    value: most === undefined ? (typeof counted === "string" ? "skipped" : "?") : String(most),
    target: `≤ ${TARGETS.statements}`,
    verdict: most !== undefined ? (most <= TARGETS.statements ? "PASS" : "FAIL") : typeof counted === "string" ? "n/a" : "ERROR",
  });

  step("Verdict");
  printTable(verdicts);
  if (!onPostgres) note("Throughput and latency are not judged on PGlite (one connection); set DATABASE_URL or install postgresql-15.");
  note(`Database: ${database.description}. Total ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  if (failures.length > 0) {
    console.error(`\nCould not run: ${failures.join(", ")}.`);
    return 1;
  }
  if (process.env.BENCH_KEEP) {
    // To look closer (EXPLAIN, a profiler) at the data just measured; Ctrl-C cleans up.
    step("Kept running (BENCH_KEEP)");
    note(`app ${origin}, database ${JSON.stringify(database.serverEnv)}; Ctrl-C to clean up`);
    await new Promise(() => {});
  }
  return 0;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(`\nBenchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  code = 1;
} finally {
  step("Cleaning up");
  await cleanUp();
  note("done");
}
process.exit(code);
