import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTranslator, type Messages, type TFunction } from "~/i18n/translate";
import { DEFAULT_CANCELLATION_POLICY, DEFAULT_RESCHEDULE_POLICY, refundPercent, type CancellationPolicy } from "./appointment-status";
import { cancellationTerms, policySentence, scopedT } from "./policy-text";

/** The four places' translators over the real locale files. */
function places(locale: string) {
  const read = (namespace: string) => JSON.parse(readFileSync(path.resolve("public/locales", locale, `${namespace}.json`), "utf8")) as Messages;
  const translations = { booking: read("booking"), emails: read("emails"), cancellation: read("cancellation"), reschedule: read("reschedule") };
  const t = (namespace: string, prefix: string) => scopedT(createTranslator(translations, locale, namespace), prefix);
  return { booking: t("booking", "step3.policy"), email: t("emails", "appointment.confirmed.policy"), cancel: t("cancellation", "policy"), reschedule: t("reschedule", "policy") };
}

const policy = (noFee: number, partial: number, percent: number): CancellationPolicy => ({
  ...DEFAULT_CANCELLATION_POLICY,
  noFeeThresholdHours: noFee,
  partialRefundThresholdHours: partial,
  partialRefundPercent: percent,
});
const reschedule = (max: number, minHours: number) => ({ maxReschedulesPerAppointment: max, minHoursBeforeAppointment: minHours });

const ptBR = places("pt-BR");

describe("pt-BR", () => {
  it("reads the defaults (spec 02, section 9) exactly as before, in all four places", () => {
    const both = { cancellation: DEFAULT_CANCELLATION_POLICY, reschedule: DEFAULT_RESCHEDULE_POLICY };
    const stated =
      "Cancelamento: reembolso integral com 24 horas ou mais de antecedência, 50% entre 12 e 24 horas, nenhum com menos de 12 horas. Reagendamento: até 2 vezes, com pelo menos 24 horas de antecedência.";
    expect(policySentence(both, ptBR.booking)).toBe(stated);
    expect(policySentence(both, ptBR.email)).toBe(stated);
    expect(policySentence({ cancellation: DEFAULT_CANCELLATION_POLICY }, ptBR.cancel)).toBe(
      "Política desta consulta: reembolso integral com 24 horas ou mais de antecedência, 50% entre 12 e 24 horas, nenhum com menos de 12 horas.",
    );
    expect(policySentence({ reschedule: DEFAULT_RESCHEDULE_POLICY }, ptBR.reschedule)).toBe("Até 2 reagendamentos por consulta, com pelo menos 24 horas de antecedência. O valor e a duração não mudam.");
  });

  it.each([
    // [noFee, partial, percent] → the cancellation terms
    [24, 12, 50, "reembolso integral com 24 horas ou mais de antecedência, 50% entre 12 e 24 horas, nenhum com menos de 12 horas"],
    [48, 24, 30, "reembolso integral com 48 horas ou mais de antecedência, 30% entre 24 e 48 horas, nenhum com menos de 24 horas"],
    [2, 1, 50, "reembolso integral com 2 horas ou mais de antecedência, 50% entre 1 e 2 horas, nenhum com menos de 1 hora"],
    // No partial refund: the band is not said.
    [24, 12, 0, "reembolso integral com 24 horas ou mais de antecedência, nenhum com menos de 24 horas"],
    // Partial = noFee: a band of no width.
    [24, 24, 50, "reembolso integral com 24 horas ou mais de antecedência, nenhum com menos de 24 horas"],
    // Partial threshold 0: the band reaches the start, nothing is 'under 0 hours'.
    [24, 0, 50, "reembolso integral com 24 horas ou mais de antecedência, 50% com menos de 24 horas"],
    [1, 0, 25, "reembolso integral com 1 hora ou mais de antecedência, 25% com menos de 1 hora"],
    [24, 0, 0, "reembolso integral com 24 horas ou mais de antecedência, nenhum com menos de 24 horas"],
    // A 100% band is full refund down to its threshold.
    [24, 12, 100, "reembolso integral com 12 horas ou mais de antecedência, nenhum com menos de 12 horas"],
    [24, 0, 100, "reembolso integral até o início da consulta"],
    // Full refund always.
    [0, 0, 0, "reembolso integral até o início da consulta"],
    [0, 0, 50, "reembolso integral até o início da consulta"],
    [1, 1, 50, "reembolso integral com 1 hora ou mais de antecedência, nenhum com menos de 1 hora"],
    [720, 1, 99, "reembolso integral com 720 horas ou mais de antecedência, 99% entre 1 e 720 horas, nenhum com menos de 1 hora"],
  ])("cancellation %i/%i/%i%% reads '%s'", (noFee, partial, percent, terms) => {
    const cancellation = policy(noFee, partial, percent);
    expect(policySentence({ cancellation }, ptBR.cancel)).toBe(`Política desta consulta: ${terms}.`);
    expect(policySentence({ cancellation, reschedule: DEFAULT_RESCHEDULE_POLICY }, ptBR.booking)).toBe(
      `Cancelamento: ${terms}. Reagendamento: até 2 vezes, com pelo menos 24 horas de antecedência.`,
    );
  });

  it.each([
    // [max, minHours] → booking/e-mail terms, reschedule page sentence
    [2, 24, "Reagendamento: até 2 vezes, com pelo menos 24 horas de antecedência.", "Até 2 reagendamentos por consulta, com pelo menos 24 horas de antecedência. O valor e a duração não mudam."],
    [1, 1, "Reagendamento: até 1 vez, com pelo menos 1 hora de antecedência.", "Até 1 reagendamento por consulta, com pelo menos 1 hora de antecedência. O valor e a duração não mudam."],
    [10, 48, "Reagendamento: até 10 vezes, com pelo menos 48 horas de antecedência.", "Até 10 reagendamentos por consulta, com pelo menos 48 horas de antecedência. O valor e a duração não mudam."],
    // No minimum: no 'com pelo menos 0 horas'.
    [3, 0, "Reagendamento: até 3 vezes.", "Até 3 reagendamentos por consulta. O valor e a duração não mudam."],
    // None allowed: no 'até 0 vezes', and no notice whatever the hours.
    [0, 24, "Reagendamento: não permitido.", "Esta consulta não pode ser reagendada."],
    [0, 0, "Reagendamento: não permitido.", "Esta consulta não pode ser reagendada."],
  ])("reschedule max %i, %i h before", (max, minHours, booking, page) => {
    const both = { cancellation: DEFAULT_CANCELLATION_POLICY, reschedule: reschedule(max, minHours) };
    const cancellation = "Cancelamento: reembolso integral com 24 horas ou mais de antecedência, 50% entre 12 e 24 horas, nenhum com menos de 12 horas.";
    expect(policySentence(both, ptBR.booking)).toBe(`${cancellation} ${booking}`);
    expect(policySentence(both, ptBR.email)).toBe(`${cancellation} ${booking}`);
    expect(policySentence({ reschedule: reschedule(max, minHours) }, ptBR.reschedule)).toBe(page);
  });

  it("says everything at once: always full, and no reschedule", () => {
    expect(policySentence({ cancellation: policy(0, 0, 0), reschedule: reschedule(0, 0) }, ptBR.email)).toBe(
      "Cancelamento: reembolso integral até o início da consulta. Reagendamento: não permitido.",
    );
  });
});

describe("plural forms", () => {
  it("en: '1 hour', '2 hours', 'up to 1 time'", () => {
    const en = places("en");
    expect(policySentence({ cancellation: policy(1, 0, 50), reschedule: reschedule(1, 1) }, en.booking)).toBe(
      "Cancellation: full refund 1 hour or more in advance, 50% under 1 hour. Rescheduling: up to 1 time, at least 1 hour in advance.",
    );
    expect(policySentence({ cancellation: policy(2, 1, 40), reschedule: reschedule(2, 0) }, en.email)).toBe(
      "Cancellation: full refund 2 hours or more in advance, 40% between 1 and 2 hours, none under 1 hour. Rescheduling: up to 2 times.",
    );
    expect(policySentence({ reschedule: reschedule(1, 1) }, en.reschedule)).toBe("Up to 1 reschedule per appointment, at least 1 hour in advance. The price and duration do not change.");
  });

  it("ru: час / часа / часов as the number asks, after 'за' and after 'до'", () => {
    const ru = places("ru");
    expect(policySentence({ cancellation: policy(21, 1, 50), reschedule: reschedule(1, 2) }, ru.booking)).toBe(
      "Отмена: полный возврат при отмене за 21 час и более, 50% — от 1 до 21 часа, без возврата — менее чем за 1 час. Перенос: не более 1 раза, не позднее чем за 2 часа.",
    );
    expect(policySentence({ cancellation: policy(24, 12, 50), reschedule: reschedule(5, 5) }, ru.booking)).toBe(
      "Отмена: полный возврат при отмене за 24 часа и более, 50% — от 12 до 24 часов, без возврата — менее чем за 12 часов. Перенос: не более 5 раз, не позднее чем за 5 часов.",
    );
    expect(policySentence({ cancellation: policy(0, 0, 0), reschedule: reschedule(0, 0) }, ru.email)).toBe("Отмена: полный возврат при отмене до начала консультации. Перенос: не допускается.");
  });

  it("ar: ساعتين for two, ساعات from three to ten", () => {
    const ar = places("ar");
    expect(policySentence({ cancellation: policy(2, 0, 50) }, ar.cancel)).toBe("سياسة هذه الاستشارة: استرداد كامل قبل ساعتين أو أكثر، و50% قبل أقل من ساعتين.");
    expect(policySentence({ reschedule: reschedule(3, 3) }, ar.reschedule)).toBe("يمكن تغيير الموعد حتى 3 مرات لكل استشارة، قبل 3 ساعات على الأقل. لا يتغير السعر ولا المدة.");
  });
});

/**
 * Whatever the settings, each clause is what refundPercent pays at its
 * boundaries: 'N hours or more' pays 100 at N and less just under it, and so on.
 */
describe("the terms match the refund paid", () => {
  type Clause = { key: string; count?: number; from?: number; percent?: number };
  const recording = (clauses: Clause[]): TFunction => (key, options) => {
    if (key !== "separator") clauses.push({ key, count: options?.count, from: options?.from as number | undefined, percent: options?.percent as number | undefined });
    return key;
  };
  const JUST_UNDER = 1 / 3600;
  const grid: CancellationPolicy[] = [];
  for (const noFee of [0, 1, 2, 12, 24, 720]) for (const partial of [0, 1, 12, 24, 720]) for (const percent of [0, 1, 50, 99, 100]) if (partial <= noFee) grid.push(policy(noFee, partial, percent));

  it.each(grid.map((p) => [p.noFeeThresholdHours, p.partialRefundThresholdHours, p.partialRefundPercent, p] as const))("%i/%i/%i%%", (_n, _p, _pc, settings) => {
    const clauses: Clause[] = [];
    cancellationTerms(settings, recording(clauses));
    const paid = (hours: number) => refundPercent(hours, settings);
    for (const clause of clauses) {
      if (clause.key === "fullAlways") expect(paid(0)).toBe(100);
      if (clause.key === "fullFrom") {
        expect(clause.count).toBeGreaterThan(0);
        expect([paid(clause.count!), paid(clause.count! + 100)]).toEqual([100, 100]);
        expect(paid(clause.count! - JUST_UNDER)).toBeLessThan(100);
      }
      if (clause.key === "partialBetween") {
        expect(clause.percent).toBeGreaterThan(0);
        expect(clause.from).toBeGreaterThan(0);
        expect([paid(clause.from!), paid(clause.count! - JUST_UNDER)]).toEqual([clause.percent, clause.percent]);
      }
      if (clause.key === "partialUnder") expect([paid(0), paid(clause.count! - JUST_UNDER)]).toEqual([clause.percent, clause.percent]);
      if (clause.key === "noneUnder") {
        expect(clause.count).toBeGreaterThan(0);
        expect([paid(0), paid(clause.count! - JUST_UNDER)]).toEqual([0, 0]);
        expect(paid(clause.count!)).toBeGreaterThan(0);
      }
    }
    // Every hour from the start up is covered by exactly the clauses said.
    const said = clauses.map((clause) => clause.key);
    expect(said.filter((key) => key.startsWith("full"))).toHaveLength(1);
    if (paid(0) === 0) expect(said).toContain("noneUnder");
    else expect(said).not.toContain("noneUnder");
  });
});
