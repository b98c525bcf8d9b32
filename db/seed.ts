import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "./types";
import { hashPassword } from "../app/utils/password.server";
import { DEV_ADMIN_EMAIL } from "../app/utils/env.server";
import { cpfCheckDigits } from "../app/domain/cpf";
import type { GatewayPayment } from "../app/providers/payments.contract.server";

/**
 * Demo content for development and the end-to-end tests: deterministic (no
 * randomness), realistic, and never run in production. The accounts below
 * are printed in the README; their passwords are for local use only.
 */

export const DEMO_PASSWORD = "acolhe-demo-2026";
export const DEMO_ACCOUNTS = {
  patient: "paciente@acolhe.dev",
  psychologist: "psicologa@acolhe.dev",
  admin: DEV_ADMIN_EMAIL,
} as const;

interface SeedPsychologist {
  first: string;
  last: string;
  crp: string;
  specialties: string[];
  languages: string[];
  /** Reais per 60-minute session. */
  price: number;
  approach: string;
  university: string;
  graduationYear: number;
  /** Weekly blocks: [weekday, start, end]; weekday 0 is Sunday. */
  blocks: Array<[number, string, string]>;
  featured?: boolean;
  /** Explicit 30/60 prices in reais; otherwise the fallback rule prices them. */
  pricing?: [number, number];
  status?: "approved" | "pending";
}

const WEEKDAY_MORNINGS: Array<[number, string, string]> = [1, 2, 3, 4, 5].map((d) => [d, "08:00", "12:00"]);
const WEEKDAY_AFTERNOONS: Array<[number, string, string]> = [1, 2, 3, 4, 5].map((d) => [d, "13:00", "18:00"]);
const WEEKDAY_EVENINGS: Array<[number, string, string]> = [1, 2, 3, 4, 5].map((d) => [d, "18:00", "22:00"]);
const EVERY_DAY_FULL: Array<[number, string, string]> = [0, 1, 2, 3, 4, 5, 6].map((d) => [d, "07:00", "23:00"]);

export const SEED_PSYCHOLOGISTS: SeedPsychologist[] = [
  { first: "Mariana", last: "Albuquerque", crp: "06/123456", specialties: ["anxiety", "depression", "cognitive-behavioral-therapy"], languages: ["pt", "en"], price: 180, approach: "Terapia Cognitivo-Comportamental", university: "Universidade de São Paulo (USP)", graduationYear: 2012, blocks: [...WEEKDAY_MORNINGS, ...WEEKDAY_AFTERNOONS], featured: true, pricing: [120, 180] },
  { first: "Rafael", last: "Moreira", crp: "05/234567", specialties: ["psychoanalysis", "grief", "relationships"], languages: ["pt"], price: 150, approach: "Psicanálise", university: "Universidade Federal do Rio de Janeiro (UFRJ)", graduationYear: 2009, blocks: WEEKDAY_EVENINGS, featured: true },
  { first: "Juliana", last: "Carvalho Lima", crp: "04/345678", specialties: ["child-psychology", "adolescents", "adhd", "autism"], languages: ["pt", "es"], price: 220, approach: "Análise do Comportamento Aplicada", university: "Universidade Federal de Minas Gerais (UFMG)", graduationYear: 2014, blocks: [...WEEKDAY_AFTERNOONS, [6, "09:00", "13:00"]], featured: true, pricing: [160, 220] },
  { first: "Carlos Eduardo", last: "Nogueira", crp: "07/456789", specialties: ["couples-therapy", "family-therapy", "relationships", "sexuality"], languages: ["pt", "en", "es"], price: 280, approach: "Terapia Sistêmica", university: "Pontifícia Universidade Católica do Rio Grande do Sul (PUCRS)", graduationYear: 2006, blocks: [...WEEKDAY_EVENINGS, [6, "08:00", "14:00"]], featured: true },
  { first: "Ana Beatriz", last: "Fonseca", crp: "08/567890", specialties: ["mindfulness", "stress-burnout", "anxiety"], languages: ["pt", "en", "fr"], price: 200, approach: "Terapia Cognitiva Baseada em Mindfulness", university: "Universidade Federal do Paraná (UFPR)", graduationYear: 2015, blocks: EVERY_DAY_FULL, featured: true },
  { first: "Thiago", last: "Bezerra", crp: "11/678901", specialties: ["trauma-ptsd", "emdr", "anxiety"], languages: ["pt"], price: 250, approach: "EMDR e Terapia do Esquema", university: "Universidade Federal do Ceará (UFC)", graduationYear: 2011, blocks: [...WEEKDAY_MORNINGS, ...WEEKDAY_EVENINGS], featured: true, pricing: [180, 250] },
  { first: "Fernanda", last: "Rocha", crp: "01/789012", specialties: ["lgbtqia", "self-esteem", "depression"], languages: ["pt", "en"], price: 130, approach: "Abordagem Centrada na Pessoa", university: "Universidade de Brasília (UnB)", graduationYear: 2017, blocks: WEEKDAY_AFTERNOONS, featured: true },
  { first: "Gustavo", last: "Pacheco", crp: "12/890123", specialties: ["sport-psychology", "stress-burnout", "career-guidance"], languages: ["pt", "en", "it"], price: 300, approach: "Psicologia Positiva e TCC", university: "Universidade Federal de Santa Catarina (UFSC)", graduationYear: 2008, blocks: [...WEEKDAY_MORNINGS, [6, "07:00", "11:00"]] },
  { first: "Patrícia", last: "Souza Mendes", crp: "03/901234", specialties: ["eating-disorders", "self-esteem", "cognitive-behavioral-therapy"], languages: ["pt"], price: 170, approach: "Terapia Cognitivo-Comportamental", university: "Universidade Federal da Bahia (UFBA)", graduationYear: 2013, blocks: WEEKDAY_AFTERNOONS },
  { first: "Lucas", last: "Teixeira", crp: "02/112233", specialties: ["substance-use", "family-therapy"], languages: ["pt", "es"], price: 140, approach: "Entrevista Motivacional e TCC", university: "Universidade Federal de Pernambuco (UFPE)", graduationYear: 2016, blocks: WEEKDAY_EVENINGS },
  { first: "Camila", last: "Duarte", crp: "06/223344", specialties: ["neuropsychology", "adhd", "health-psychology"], languages: ["pt", "en", "de"], price: 380, approach: "Neuropsicologia Clínica", university: "Universidade Estadual de Campinas (Unicamp)", graduationYear: 2005, blocks: [...WEEKDAY_MORNINGS], pricing: [250, 380] },
  { first: "Bruno", last: "Almeida Castro", crp: "06/334455", specialties: ["ocd", "anxiety", "behavior-analysis"], languages: ["pt"], price: 160, approach: "Análise do Comportamento", university: "Pontifícia Universidade Católica de São Paulo (PUC-SP)", graduationYear: 2012, blocks: [[1, "14:00", "21:00"], [3, "14:00", "21:00"], [5, "14:00", "21:00"]] },
  { first: "Larissa", last: "Freitas", crp: "05/445566", specialties: ["gestalt-therapy", "relationships", "self-esteem"], languages: ["pt", "fr"], price: 190, approach: "Gestalt-terapia", university: "Universidade do Estado do Rio de Janeiro (UERJ)", graduationYear: 2010, blocks: [[2, "09:00", "17:00"], [4, "09:00", "17:00"]] },
  { first: "Diego", last: "Ramos", crp: "04/556677", specialties: ["career-guidance", "organizational-psychology", "stress-burnout"], languages: ["pt", "en", "es"], price: 120, approach: "Psicologia Organizacional e do Trabalho", university: "Pontifícia Universidade Católica de Minas Gerais (PUC Minas)", graduationYear: 2018, blocks: WEEKDAY_EVENINGS },
  { first: "Renata", last: "Vasconcelos", crp: "09/667788", specialties: ["grief", "health-psychology", "depression"], languages: ["pt"], price: 110, approach: "Psicologia Hospitalar e Luto", university: "Universidade Federal de Goiás (UFG)", graduationYear: 2011, blocks: [...WEEKDAY_MORNINGS, ...WEEKDAY_AFTERNOONS] },
  { first: "Felipe", last: "Martins", crp: "07/778899", specialties: ["psychoanalysis", "sexuality", "lgbtqia"], languages: ["pt", "en"], price: 240, approach: "Psicanálise Lacaniana", university: "Universidade Federal do Rio Grande do Sul (UFRGS)", graduationYear: 2007, blocks: [[1, "10:00", "19:00"], [2, "10:00", "19:00"], [4, "10:00", "19:00"]] },
  { first: "Aline", last: "Cavalcanti", crp: "13/889900", specialties: ["child-psychology", "family-therapy", "autism"], languages: ["pt"], price: 150, approach: "Ludoterapia e Terapia Familiar", university: "Universidade Federal da Paraíba (UFPB)", graduationYear: 2014, blocks: WEEKDAY_MORNINGS },
  { first: "Rodrigo", last: "Pires", crp: "06/990011", specialties: ["anxiety", "depression", "mindfulness", "cognitive-behavioral-therapy"], languages: ["pt", "en", "es", "it"], price: 350, approach: "Terapia de Aceitação e Compromisso (ACT)", university: "Universidade Federal de São Paulo (Unifesp)", graduationYear: 2004, blocks: EVERY_DAY_FULL, pricing: [240, 350] },
  { first: "Tatiana", last: "Lopes", crp: "10/101112", specialties: ["adolescents", "self-esteem", "anxiety"], languages: ["pt", "es"], price: 100, approach: "Terapia Cognitivo-Comportamental", university: "Universidade Federal do Pará (UFPA)", graduationYear: 2019, blocks: WEEKDAY_AFTERNOONS },
  { first: "Marcelo", last: "Antunes", crp: "08/121314", specialties: ["couples-therapy", "relationships"], languages: ["pt"], price: 260, approach: "Terapia Comportamental de Casais", university: "Pontifícia Universidade Católica do Paraná (PUCPR)", graduationYear: 2009, blocks: [[2, "18:00", "22:00"], [4, "18:00", "22:00"], [6, "09:00", "15:00"]] },
  { first: "Natália", last: "Guimarães", crp: "05/131415", specialties: ["trauma-ptsd", "emdr", "grief"], languages: ["pt", "en", "de"], price: 420, approach: "EMDR e Somatic Experiencing", university: "Pontifícia Universidade Católica do Rio de Janeiro (PUC-Rio)", graduationYear: 2003, blocks: [[1, "08:00", "14:00"], [3, "08:00", "14:00"]], pricing: [300, 420] },
  { first: "Eduardo", last: "Sampaio", crp: "03/141516", specialties: ["substance-use", "depression", "person-centered-therapy"], languages: ["pt"], price: 90, approach: "Abordagem Centrada na Pessoa", university: "Universidade Estadual de Feira de Santana (UEFS)", graduationYear: 2020, blocks: WEEKDAY_EVENINGS },
  { first: "Helena", last: "Yamamoto", crp: "06/151617", specialties: ["anxiety", "stress-burnout", "mindfulness"], languages: ["pt", "ja", "en"], price: 230, approach: "Terapia Morita e TCC", university: "Universidade de São Paulo (USP)", graduationYear: 2010, blocks: [...WEEKDAY_MORNINGS, ...WEEKDAY_EVENINGS] },
  { first: "Samir", last: "Haddad", crp: "06/161718", specialties: ["depression", "relationships", "person-centered-therapy"], languages: ["pt", "ar", "fr", "en"], price: 210, approach: "Psicoterapia Humanista", university: "Universidade Presbiteriana Mackenzie", graduationYear: 2011, blocks: WEEKDAY_AFTERNOONS },
  { first: "Olga", last: "Ivanova Santos", crp: "12/171819", specialties: ["anxiety", "family-therapy", "cognitive-behavioral-therapy"], languages: ["pt", "ru", "en"], price: 175, approach: "Terapia Cognitivo-Comportamental", university: "Universidade do Vale do Itajaí (Univali)", graduationYear: 2013, blocks: [[1, "09:00", "18:00"], [3, "09:00", "18:00"], [5, "09:00", "18:00"]] },
  { first: "Priya", last: "Raman Oliveira", crp: "06/181920", specialties: ["mindfulness", "stress-burnout", "health-psychology"], languages: ["pt", "hi", "en"], price: 195, approach: "Mindfulness e Psicologia da Saúde", university: "Universidade Estadual Paulista (Unesp)", graduationYear: 2015, blocks: [[2, "07:00", "12:00"], [4, "07:00", "12:00"], [0, "09:00", "12:00"]] },
  { first: "Wei", last: "Chen Barbosa", crp: "06/192021", specialties: ["career-guidance", "anxiety", "adolescents"], languages: ["pt", "zh", "en"], price: 205, approach: "Terapia Focada em Soluções", university: "Universidade Federal do ABC (UFABC)", graduationYear: 2016, blocks: WEEKDAY_EVENINGS },
  { first: "Vinícius", last: "Araújo", crp: "04/202122", specialties: ["depression"], languages: ["pt"], price: 150, approach: "Terapia Cognitivo-Comportamental", university: "Universidade Federal de Uberlândia (UFU)", graduationYear: 2021, blocks: WEEKDAY_AFTERNOONS, status: "pending" },
  { first: "Clara", last: "Monteiro", crp: "07/212223", specialties: ["child-psychology", "anxiety"], languages: ["pt", "en"], price: 160, approach: "Ludoterapia", university: "Universidade Federal de Pelotas (UFPel)", graduationYear: 2022, blocks: WEEKDAY_MORNINGS, status: "pending" },
];

/**
 * Patients whose past consultations give the directory real ratings: no
 * password (they cannot sign in), reviews anonymous unless they agreed to
 * publish. The demo patient has a past consultation too.
 */
export const SEED_REVIEWERS = [
  { email: "beatriz.demo@paciente.acolhe.dev", first: "Beatriz", last: "Campos" },
  { email: "joao.demo@paciente.acolhe.dev", first: "João", last: "Ferreira" },
  { email: "luana.demo@paciente.acolhe.dev", first: "Luana", last: "Ribeiro" },
  { email: "pedro.demo@paciente.acolhe.dev", first: "Pedro", last: "Santana" },
  { email: "sofia.demo@paciente.acolhe.dev", first: "Sofia", last: "Moura" },
  { email: "miguel.demo@paciente.acolhe.dev", first: "Miguel", last: "Barros" },
] as const;

/** A fixed cycle of ratings: mostly good, some middling, a few poor — like real ones. */
const RATING_CYCLE = [5, 5, 4, 5, 4, 3, 5, 4, 5, 5, 2, 4, 5, 4];
const COMMENTS_GOOD = [
  "Me senti acolhida desde a primeira sessão. Recomendo muito.",
  "Profissional atenciosa e pontual. As sessões têm me ajudado bastante.",
  "Escuta cuidadosa e sem julgamentos. Estou muito satisfeito.",
  "Consegui entender melhor minha ansiedade. Ótima experiência.",
  "Atendimento online funcionou muito bem, mesmo pelo celular.",
  "Muito humano e respeitoso. Já indiquei para amigos.",
];
const COMMENTS_OTHER = ["Boa sessão, mas a conexão caiu algumas vezes.", "Ainda estou me adaptando à abordagem.", ""];

/** How many past, evaluated consultations the psychologist at `index` has: 0 for every fourth, else 2–8. */
export function seedReviewCount(index: number): number {
  return index % 4 === 3 ? 0 : 2 + ((index * 5) % 7);
}

function emailFor(person: Pick<SeedPsychologist, "first" | "last">): string {
  const slug = `${person.first}.${person.last}`
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z.]+/g, "-");
  return `${slug}@psi.acolhe.dev`;
}

function bioFor(person: SeedPsychologist): { bio: string; shortBio: string } {
  const years = 2026 - person.graduationYear;
  const shortBio = `Psicólogo(a) clínico(a) há ${years} anos. Atendimento online com ${person.approach}.`;
  const bio = [
    `Sou formado(a) pela ${person.university} e atuo na clínica há ${years} anos.`,
    `Trabalho com ${person.approach}, num espaço de escuta cuidadosa, sem julgamentos, para que você encontre seus próprios caminhos.`,
    "As sessões são online, por vídeo, em sala privada. Respeito o sigilo profissional previsto no Código de Ética do Psicólogo.",
  ].join(" ");
  return { bio, shortBio };
}

const reais = (value: number) => Math.round(value * 100);
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** A neutral portrait (public/seed/) for the seeded profiles that wait for approval. */
const SEED_PORTRAIT = "/seed/portrait.svg";

/** True when the database already holds the demo content. */
export async function isSeeded(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom("users").select("id").where("email", "=", DEMO_ACCOUNTS.patient).executeTakeFirst();
  return row !== undefined;
}

export async function seed(db: Kysely<Database>): Promise<void> {
  if (await isSeeded(db)) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date();

  await db.transaction().execute(async (trx) => {
    const createUser = async (email: string, first: string, last: string, password: string | null) => {
      const user = await trx
        .insertInto("users")
        .values({ email, password_hash: password, email_verified_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx.insertInto("profiles").values({ id: user.id, first_name: first, last_name: last, time_zone: "America/Sao_Paulo" }).execute();
      return user.id;
    };

    const demoPatientId = await createUser(DEMO_ACCOUNTS.patient, "Paula", "Pereira", passwordHash);
    await createUser(DEMO_ACCOUNTS.admin, "Ana", "Administradora", passwordHash);
    const reviewerIds = [demoPatientId];
    for (const reviewer of SEED_REVIEWERS) reviewerIds.push(await createUser(reviewer.email, reviewer.first, reviewer.last, null));
    // Receipts and the fiscal report state CPFs: made-up ones with valid check digits (529.982.247-25 for Paula, then 100.000.00n-xx).
    for (const [index, id] of reviewerIds.entries()) {
      const base = index === 0 ? "529982247" : String(100_000_000 + index);
      await trx.updateTable("profiles").set({ cpf: base + cpfCheckDigits(base) }).where("id", "=", id).execute();
    }
    // Past consultations are on whole days before today, at 10:00 in São Paulo (13:00 UTC).
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

    for (const [index, person] of SEED_PSYCHOLOGISTS.entries()) {
      // The first psychologist is the demo account; the others cannot log in until they reset a password.
      const email = index === 0 ? DEMO_ACCOUNTS.psychologist : emailFor(person);
      const userId = await createUser(email, person.first, person.last, index === 0 ? passwordHash : null);
      const approved = (person.status ?? "approved") === "approved";
      const { bio, shortBio } = bioFor(person);
      const psychologist = await trx
        .insertInto("psychologists")
        .values({
          user_id: userId,
          name: `${person.first} ${person.last}`,
          email,
          crp: person.crp,
          // The demo account's CPF (valid check digits, made up): its receipts and fiscal report are complete.
          cpf: index === 0 ? "39053344705" : null,
          bio,
          short_bio: shortBio,
          specialties: person.specialties,
          languages: person.languages,
          price_cents: reais(person.price),
          approach: person.approach,
          therapeutic_approach: person.approach,
          education: `Graduação em Psicologia — ${person.university} (${person.graduationYear})`,
          university: person.university,
          graduation_year: person.graduationYear,
          experience: `${2026 - person.graduationYear} anos de prática clínica.`,
          certifications: "Registro ativo no Conselho Regional de Psicologia.",
          personal_statement: "Acredito que todo mundo merece ser ouvido com respeito e cuidado.",
          status: approved ? "approved" : "pending",
          is_approved: approved,
          // The pending ones wait in the admin's queue as a psychologist leaves them there: complete
          // (a photo among what approval asks, app/domain/psychologist-review.ts) and sent for review.
          ...(approved ? {} : { photo_url: SEED_PORTRAIT, submitted_for_review_at: new Date(now.getTime() - (index % 5 + 1) * DAY_MS) }),
          approved_at: approved ? now : null,
          featured_in_carousel: person.featured ?? false,
          terms_accepted: true,
        })
        .returning("id")
        .executeTakeFirstOrThrow();

      await trx
        .insertInto("psychologist_availability")
        .values(person.blocks.map(([weekday, start_time, end_time]) => ({ psychologist_id: psychologist.id, weekday, start_time, end_time })))
        .execute();

      // Real ratings: completed consultations with their evaluations (the trigger keeps the rating).
      const reviews = approved ? seedReviewCount(index) : 0;
      for (let review = 0; review < reviews; review += 1) {
        const startsAt = new Date(today - (7 * (review + 1) + (index % 7)) * DAY_MS + 13 * HOUR_MS);
        const rating = RATING_CYCLE[(index + review) % RATING_CYCLE.length]!;
        const method = review % 3 === 0 ? "pix" : "credit_card";
        const priceCents = Math.round((reais(person.pricing?.[1] ?? person.price) * 50) / 60);
        const appointment = await trx
          .insertInto("appointments")
          .values({
            patient_id: reviewerIds[(index + review) % reviewerIds.length]!,
            psychologist_id: psychologist.id,
            starts_at: startsAt,
            ends_at: new Date(startsAt.getTime() + 50 * MINUTE_MS),
            duration_minutes: 50,
            status: "completed",
            payment_status: "paid",
            payment_method: method,
            price_cents: priceCents,
            // Booked five days ahead, as the demo practice's are (not 'now', after it happened).
            created_at: bookedAt(startsAt, now),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        // Its approved payment, as a booking leaves it: billing, the overview and the fiscal report count the same money.
        await seedPayment(trx, { appointmentId: appointment.id, method, priceCents, approvedAt: new Date(bookedAt(startsAt, now).getTime() + 10 * MINUTE_MS), refundedAt: null });
        const good = rating >= 4;
        await trx
          .insertInto("evaluations")
          .values({
            appointment_id: appointment.id,
            psychologist_id: psychologist.id,
            patient_id: reviewerIds[(index + review) % reviewerIds.length]!,
            rating,
            comment: good ? COMMENTS_GOOD[(index + review) % COMMENTS_GOOD.length]! : COMMENTS_OTHER[(index + review) % COMMENTS_OTHER.length]!,
            is_anonymous: true,
            // Some patients agree to publish; only good ones feed the testimonials.
            publish_consent: (index + review) % 2 === 0,
            created_at: new Date(startsAt.getTime() + DAY_MS),
          })
          .execute();
      }

      if (person.pricing) {
        await trx
          .insertInto("psychologist_pricing")
          .values({ psychologist_id: psychologist.id, price_30_cents: reais(person.pricing[0]), price_60_cents: reais(person.pricing[1]) })
          .execute();
      }
      // Not the demo patient: their own dashboard starts with just the one past consultation.
      if (index === 0) await seedDemoPractice(trx, psychologist.id, reviewerIds.slice(1), Math.round((reais(person.pricing?.[1] ?? person.price) * 50) / 60), today, now);
    }
  });
}

const PAYMENT_METHODS = ["pix", "credit_card", "debit_card"] as const;

/** When a seeded consultation was booked: five days ahead, or an hour before the seeding for one in the next days (never in the future). */
function bookedAt(startsAt: Date, now: Date): Date {
  return new Date(Math.min(startsAt.getTime() - 5 * DAY_MS, now.getTime() - HOUR_MS));
}

/**
 * A seeded consultation's payment through the local gateway: approved, or refunded whole (a cancellation). The
 * gateway knows it too, so a refund of it (the admin's, a cancellation's) goes through as a checkout's would.
 */
async function seedPayment(trx: Transaction<Database>, payment: { appointmentId: string; method: string; priceCents: number; approvedAt: Date; refundedAt: Date | null }) {
  const providerPaymentId = `seed-${payment.appointmentId}`;
  const refunded = payment.refundedAt !== null;
  const gatewayPayment: GatewayPayment = {
    id: providerPaymentId,
    status: refunded ? "refunded" : "approved",
    statusDetail: refunded ? "refunded" : "accredited",
    externalReference: payment.appointmentId,
    amountCents: payment.priceCents,
    refundedCents: refunded ? payment.priceCents : 0,
    currency: "BRL",
    method: payment.method,
    methodId: payment.method === "pix" ? "pix" : "visa",
    approvedAt: payment.approvedAt,
  };
  await trx.insertInto("local_gateway_payments").values({ id: providerPaymentId, payment: JSON.stringify(gatewayPayment) }).execute();
  const { id } = await trx
    .insertInto("payments")
    .values({
      appointment_id: payment.appointmentId,
      provider: "local",
      provider_payment_id: providerPaymentId,
      // Created at checkout, ten minutes before it was approved (not at the seeding).
      created_at: new Date(payment.approvedAt.getTime() - 10 * MINUTE_MS),
      status: refunded ? "refunded" : "approved",
      method: payment.method,
      amount_cents: payment.priceCents,
      currency: "BRL",
      refunded_cents: refunded ? payment.priceCents : 0,
      approved_at: payment.approvedAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // The status history the provider's notifications would have written (the admin's payment page shows it).
  await trx
    .insertInto("payment_status_history")
    .values([
      { payment_id: id, status: "approved", status_detail: "accredited", recorded_at: payment.approvedAt },
      ...(payment.refundedAt ? [{ payment_id: id, status: "refunded", status_detail: "refunded", recorded_at: payment.refundedAt }] : []),
    ])
    .execute();
}

/**
 * The demo psychologist's practice, so every dashboard tab shows something on
 * a fresh clone: three months of consultations at 14:00 in São Paulo on two
 * of every three weekdays (most completed and paid, some no-shows, some
 * cancelled, a quarter evaluated), and the next two weeks confirmed and paid.
 * Deterministic: the same pattern from whatever day it is seeded.
 */
async function seedDemoPractice(trx: Transaction<Database>, psychologistId: string, patientIds: string[], priceCents: number, today: number, now: Date) {
  const consultation = async (day: number, values: { status: "completed" | "no_show" | "cancelled" | "confirmed"; patientId: string; method: string }) => {
    // 14:00 in São Paulo (17:00 UTC): clear of the 10:00 reviewed consultations above.
    const startsAt = new Date(today + day * DAY_MS + 17 * HOUR_MS);
    const paid = values.status !== "cancelled";
    const cancelledAt = new Date(startsAt.getTime() - 2 * DAY_MS);
    const appointment = await trx
      .insertInto("appointments")
      .values({
        patient_id: values.patientId,
        psychologist_id: psychologistId,
        starts_at: startsAt,
        ends_at: new Date(startsAt.getTime() + 50 * MINUTE_MS),
        duration_minutes: 50,
        status: values.status,
        payment_status: paid ? "paid" : "refunded",
        payment_method: values.method,
        price_cents: priceCents,
        created_at: bookedAt(startsAt, now),
        ...(values.status === "cancelled"
          ? { cancellation_reason: "Imprevisto no trabalho", cancelled_by: "patient" as const, cancelled_at: cancelledAt }
          : {}),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // A cancellation's refund goes out when it is cancelled.
    await seedPayment(trx, { appointmentId: appointment.id, method: values.method, priceCents, approvedAt: new Date(bookedAt(startsAt, now).getTime() + 10 * MINUTE_MS), refundedAt: paid ? null : cancelledAt });
    return { id: appointment.id, startsAt };
  };
  // The notifications box as the events would have written it; what is over a week old has been read.
  const notify = async (appointmentId: string, kind: "booking_paid" | "cancellation" | "evaluation", at: Date) => {
    if (at > now) return;
    const read = now.getTime() - at.getTime() > 7 * DAY_MS;
    await trx.insertInto("practice_notifications").values({ psychologist_id: psychologistId, appointment_id: appointmentId, kind, created_at: at, read_at: read ? at : null }).execute();
  };

  let count = 0;
  for (let day = -90; day <= 14; day += 1) {
    const weekday = new Date(today + day * DAY_MS).getUTCDay();
    if (day === 0 || weekday === 0 || weekday === 6 || Math.abs(day) % 3 === 0) continue;
    count += 1;
    const patientId = patientIds[count % patientIds.length]!;
    const method = PAYMENT_METHODS[count % PAYMENT_METHODS.length]!;
    if (day > 0) {
      const { id, startsAt } = await consultation(day, { status: "confirmed", patientId, method });
      await notify(id, "booking_paid", new Date(bookedAt(startsAt, now).getTime() + 10 * MINUTE_MS));
      continue;
    }
    const status = count % 11 === 0 ? "no_show" : count % 13 === 0 ? "cancelled" : "completed";
    const { id, startsAt } = await consultation(day, { status, patientId, method });
    if (status === "cancelled") await notify(id, "cancellation", new Date(startsAt.getTime() - 2 * DAY_MS));
    if (status === "completed" && count % 4 === 0) {
      const rating = RATING_CYCLE[count % RATING_CYCLE.length]!;
      await trx
        .insertInto("evaluations")
        .values({
          appointment_id: id,
          psychologist_id: psychologistId,
          patient_id: patientId,
          rating,
          comment: rating >= 4 ? COMMENTS_GOOD[count % COMMENTS_GOOD.length]! : COMMENTS_OTHER[count % COMMENTS_OTHER.length]!,
          is_anonymous: count % 3 !== 0,
          publish_consent: count % 2 === 0,
          created_at: new Date(Math.min(startsAt.getTime() + DAY_MS, now.getTime())),
        })
        .execute();
      await notify(id, "evaluation", new Date(Math.min(startsAt.getTime() + DAY_MS, now.getTime())));
    }
  }
}

/** Empties every table of the application (development only: `npm run db:reset`). */
export async function truncateAll(db: Kysely<Database>): Promise<void> {
  await sql`truncate table users, psychologists restart identity cascade`.execute(db);
}
