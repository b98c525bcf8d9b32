import { describe, expect, it } from "vitest";
import { DEFAULT_CANCELLATION_POLICY, DEFAULT_RESCHEDULE_POLICY } from "~/domain/appointment-status";
import { zoneName } from "~/utils/zoned-time";
import { cancelledEmail, confirmationEmail, newAppointmentEmail, reminderEmail, rescheduleRequestedEmail, type AppointmentFacts, type Attendees, type Recipient } from "./appointment-emails.server";

/** The appointment e-mails as their recipients read them. */

// 14:00 in Brasília: 17:00 in Lisbon, 13:00 in Manaus.
const facts: AppointmentFacts = {
  id: "6f1c2b8e-3a4d-4e5f-9a0b-1c2d3e4f5a6b",
  startsAt: new Date("2026-03-10T17:00:00Z"),
  endsAt: new Date("2026-03-10T17:50:00Z"),
  durationMinutes: 50,
  priceCents: 150_50,
  rescheduleCount: 0,
  psychologistName: "Dra. Helena Prado",
  patientName: "Paula Pereira",
};
const attendees: Attendees = { patient: { name: "Paula Pereira", email: "paula@example.org" }, psychologist: { name: "Dra. Helena Prado", email: "helena@example.org" } };
const policies = { cancellation: DEFAULT_CANCELLATION_POLICY, reschedule: DEFAULT_RESCHEDULE_POLICY };
const patient: Recipient = { userId: "p", email: "paula@example.org", firstName: "Paula", locale: "en", timeZone: "Europe/Lisbon" };
const psychologist: Recipient = { userId: "s", email: "helena@example.org", firstName: "Helena", locale: "pt-BR", timeZone: "America/Manaus" };

describe("subjects", () => {
  it("name the appointment's date and time in the recipient's zone, so two appointments' e-mails differ", () => {
    expect(confirmationEmail(patient, facts, attendees, policies).subject).toBe("Appointment confirmed — Mar 10, 17:00");
    expect(newAppointmentEmail(psychologist, facts, attendees).subject).toBe("Nova consulta agendada — 10 de mar., 13:00");
    expect(cancelledEmail({ ...patient, locale: "zh-CN" }, facts, attendees, "patient").subject).toBe("咨询已取消：3月10日 17:00");
    expect(rescheduleRequestedEmail(psychologist, facts, { by: "patient", proposedStartsAt: new Date("2026-03-11T17:00:00Z"), reason: "viagem", requestedAt: new Date("2026-03-01T12:00:00Z") }).subject).toBe("Pedido de reagendamento — 10 de mar., 13:00");
  });
});

describe("French e-mails on the first of the month", () => {
  it("write '1er décembre' in the body and '1er déc.' in the subject", () => {
    const first = { ...facts, startsAt: new Date("2026-12-01T17:00:00Z"), endsAt: new Date("2026-12-01T17:50:00Z") };
    const email = confirmationEmail({ ...patient, locale: "fr", timeZone: "Europe/Paris" }, first, attendees, policies);
    expect(email.subject).toContain("1er déc., 18:00");
    expect(email.text).toContain("1er décembre 2026");
    expect(email.text).not.toMatch(/\b1 décembre/);
  });
});

describe("the confirmation's policy", () => {
  const said = (recipient: Recipient, chosen: typeof policies) => confirmationEmail(recipient, facts, attendees, chosen).text;

  it("reads the defaults as step 3 does", () => {
    expect(said({ ...patient, locale: "pt-BR" }, policies)).toContain(
      "Cancelamento: reembolso integral com 24 horas ou mais de antecedência, 50% entre 12 e 24 horas, nenhum com menos de 12 horas. Reagendamento: até 2 vezes, com pelo menos 24 horas de antecedência.",
    );
  });

  it("says only what the settings refund and allow: no '0%' band, no '0 vezes', no '0 horas', '1 hora'", () => {
    const chosen = {
      cancellation: { ...DEFAULT_CANCELLATION_POLICY, noFeeThresholdHours: 1, partialRefundThresholdHours: 0, partialRefundPercent: 0 },
      reschedule: { maxReschedulesPerAppointment: 0, minHoursBeforeAppointment: 0 },
    };
    expect(said({ ...patient, locale: "pt-BR" }, chosen)).toContain("Cancelamento: reembolso integral com 1 hora ou mais de antecedência, nenhum com menos de 1 hora. Reagendamento: não permitido.");
    expect(said(patient, chosen)).toContain("Cancellation: full refund 1 hour or more in advance, none under 1 hour. Rescheduling: not allowed.");
    // A policy with no reschedule does not then offer one.
    expect(said({ ...patient, locale: "pt-BR" }, chosen)).toContain("Você pode cancelar a consulta pelo seu painel, de acordo com esta política");
    expect(said({ ...patient, locale: "pt-BR" }, chosen)).not.toContain("reagendar");
    expect(said({ ...patient, locale: "pt-BR" }, policies)).toContain("Você pode cancelar ou reagendar a consulta pelo seu painel");
  });
});

describe("the cancellation's refund line, for the patient", () => {
  const text = (refundCents: number | null, audience: "patient" | "psychologist" = "patient") =>
    cancelledEmail({ ...patient, locale: "pt-BR" }, { ...facts, refundCents }, attendees, audience === "patient" ? "patient" : "psychologist").text;

  it("says what comes back, or that nothing does when a paid consultation gets no refund", () => {
    expect(text(150_50)).toMatch(/Reembolso: R\$\s?150,50/);
    expect(text(0)).toContain("Reembolso: nenhum, conforme a política de cancelamento.");
    // Never paid: there is nothing to give back, and nothing to say.
    expect(text(null)).not.toContain("Reembolso");
    // The psychologist's e-mail is not about money.
    expect(text(0, "psychologist")).not.toContain("Reembolso");
  });
});

describe("Chinese bodies", () => {
  it("put no space between the time's closing full-width parenthesis and the Chinese that follows", () => {
    const chinese: Recipient = { ...patient, locale: "zh-CN" };
    const proposal = { by: "patient" as const, proposedStartsAt: new Date("2026-03-11T17:00:00Z"), reason: "出差", requestedAt: new Date("2026-03-01T12:00:00Z") };
    const texts = [cancelledEmail(chinese, facts, attendees, "patient").text, rescheduleRequestedEmail(chinese, facts, proposal).text];
    expect(texts[0]).toMatch(/原定于 2026年3月10日 17:00（[^）]+）的咨询已取消/);
    for (const text of texts) expect(text).not.toMatch(/） /);
  });
});

describe("the reschedule request's heading", () => {
  // Most psychologists in Brazil are women, patients are anyone: 'Seu psicólogo propõe…' misnamed Mariana.
  const text = (locale: Recipient["locale"], by: "patient" | "psychologist") =>
    rescheduleRequestedEmail({ ...patient, locale }, facts, { by, proposedStartsAt: new Date("2026-03-11T17:00:00Z"), reason: "congresso", requestedAt: new Date("2026-03-01T12:00:00Z") }).text;

  it("says what happened without giving the other side a gender", () => {
    expect(text("pt-BR", "psychologist")).toContain("Novo horário proposto para sua consulta");
    expect(text("pt-BR", "patient")).toContain("Pedido de novo horário para uma consulta");
    for (const locale of ["pt-BR", "pt-PT", "es", "it"] as const) {
      for (const by of ["patient", "psychologist"] as const) expect(text(locale, by)).not.toMatch(/\b(seu|tu|il tuo|o seu) (psicólogo|psicologo|paciente)\b/i);
    }
  });
});

describe("the reschedule request's deadline", () => {
  // The original is at 14:00 in Brasília on 10 March (17:00 in Lisbon); the sweep expires an unanswered request at this moment.
  const answer = (requestedAt: string, proposedStartsAt = "2026-03-11T17:00:00Z", recipient: Recipient = { ...patient, locale: "pt-BR", timeZone: "America/Sao_Paulo" }) =>
    rescheduleRequestedEmail(recipient, facts, { by: "psychologist", proposedStartsAt: new Date(proposedStartsAt), reason: "congresso", requestedAt: new Date(requestedAt) }).text.split("\n").find((line) => line.startsWith("Aceite") || line.startsWith("Accept"));

  it("is 24 hours before the original time for a request made earlier than that", () => {
    expect(answer("2026-03-01T12:00:00Z")).toBe("Aceite ou recuse pelo botão abaixo. Sem resposta até 09 de março de 2026 às 14:00 (" + zoneName(facts.startsAt, "pt-BR", "America/Sao_Paulo") + "), a consulta continua no horário original.");
    expect(answer("2026-03-01T12:00:00Z", undefined, patient)).toContain("If there is no answer by March 9, 2026 at 17:00 (");
  });

  it("is when the original's room opens for a request made within those 24 hours, not a moment already past", () => {
    expect(answer("2026-03-10T05:00:00Z")).toContain("Sem resposta até 10 de março de 2026 às 13:45 (");
  });

  it("is the proposed time when that comes first", () => {
    expect(answer("2026-03-01T12:00:00Z", "2026-03-05T13:00:00Z")).toContain("Sem resposta até 05 de março de 2026 às 10:00 (");
  });
});

describe("a reminder sent late (held back while a reschedule request waited)", () => {
  // The consultation is at 14:00 on 10 March in Brasília.
  const brasilia: Recipient = { ...patient, locale: "pt-BR", timeZone: "America/Sao_Paulo" };
  const subject = (kind: "24h" | "1h", now: string, recipient = brasilia) => reminderEmail(kind, recipient, facts, "patient", new Date(now)).subject;

  it("says 'tomorrow' and 'in 1 hour' when sent on time", () => {
    expect(subject("24h", "2026-03-09T17:00:00Z")).toBe("Lembrete: sua consulta é amanhã — 10 de mar., 14:00");
    expect(subject("1h", "2026-03-10T16:00:00Z")).toBe("Lembrete: sua consulta começa em 1 hora — 10 de mar., 14:00");
  });

  it("says 'today' on the consultation's own day in the reader's zone, and 'soon' minutes before", () => {
    expect(subject("24h", "2026-03-10T09:00:00Z")).toBe("Lembrete: sua consulta é hoje — 10 de mar., 14:00");
    // 02:30 on the 10th in Lisbon, still 23:30 on the 9th in Brasília.
    expect(subject("24h", "2026-03-10T02:30:00Z")).toBe("Lembrete: sua consulta é amanhã — 10 de mar., 14:00");
    expect(subject("24h", "2026-03-10T02:30:00Z", patient)).toBe("Reminder: your appointment is today — Mar 10, 17:00");
    expect(subject("1h", "2026-03-10T16:45:00Z")).toBe("Lembrete: sua consulta começa em breve — 10 de mar., 14:00");
    expect(reminderEmail("1h", brasilia, facts, "patient", new Date("2026-03-10T16:45:00Z")).text).toContain("Sua consulta começa em breve");
  });

  it("in Chinese, mark the reminder with brackets: the subject's one full-width colon sits before the time ('【提醒】…：3月10日 17:00')", () => {
    const chinese: Recipient = { ...patient, locale: "zh-CN" };
    expect(subject("24h", "2026-03-09T17:00:00Z", chinese)).toBe("【提醒】您的咨询在明天：3月10日 17:00");
    for (const [kind, now] of [["24h", "2026-03-10T09:00:00Z"], ["1h", "2026-03-10T16:00:00Z"], ["1h", "2026-03-10T16:45:00Z"]] as const) {
      expect(subject(kind, now, chinese).match(/：/g)).toHaveLength(1);
    }
  });
});
