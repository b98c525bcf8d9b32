import { statusLabelKey } from "~/domain/appointment-status";
import { patientName } from "~/domain/practice-appointments";
import { maskCpf, PATIENTS_PAGE_SIZE } from "~/domain/practice-patients";
import { pageTranslations } from "~/i18n/i18n.server";
import { audit } from "~/models/audit.server";
import { patientConsultations, practicePatient } from "~/models/practice-patients.server";
import type { PsychologistSessionUser } from "~/services/session.server";
import { formatLongDate, formatMoney, formatTime } from "~/utils/format";
import { log } from "~/utils/logger.server";

/**
 * One patient as their psychologist sees them: contact, the CPF masked, the
 * consultations with this psychologist only and how many clinical notes they
 * keep. Reading it is a sensitive read: it leaves an audit row.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function patientDetailData(request: Request, user: PsychologistSessionUser, patientId: string, now = new Date()) {
  const { t, translations, locale } = await pageTranslations(request, ["patients", "appointments"]);
  const psychologistId = user.psychologistId;
  const pageParam = Number(new URL(request.url).searchParams.get("page"));
  const page = Number.isInteger(pageParam) && pageParam >= 1 && pageParam <= 10_000 ? pageParam : 1;

  let found: Awaited<ReturnType<typeof practicePatient>>;
  let history: Awaited<ReturnType<typeof patientConsultations>>;
  const timeZone = user.psychologistTimeZone;
  try {
    // Someone who never had an appointment here (another psychologist's patient included) is as absent as a stranger.
    found = UUID.test(patientId) ? await practicePatient({ psychologistId, patientId, now }) : undefined;
    if (!found) throw new Response(t("detail.notFound"), { status: 404 });
    history = await patientConsultations({ psychologistId, patientId, page, now });
    await audit({ actor: { userId: user.id, role: user.role }, action: "patient.read", subject: { type: "patient", id: patientId }, patientId, details: { page } });
  } catch (error) {
    if (error instanceof Response) throw error;
    log().error({ err: error, psychologistId, patientId }, "patient details failed to load");
    return { translations, error: true as const, patient: null };
  }

  const date = (instant: Date | null) => (instant ? formatLongDate(instant, locale, timeZone) : null);
  return {
    translations,
    error: false as const,
    patient: {
      id: found.id,
      name: patientName(found),
      email: found.email,
      phone: found.phone,
      cpf: maskCpf(found.cpf),
      total: found.total,
      lastDate: date(found.lastAt),
      nextDate: date(found.nextAt),
      active: found.active,
      notes: found.notes ?? 0,
    },
    history: {
      page,
      pages: Math.max(1, Math.ceil(found.total / PATIENTS_PAGE_SIZE)),
      rows: history.map((row) => ({
        id: row.id,
        date: formatLongDate(row.startsAt, locale, timeZone),
        time: formatTime(row.startsAt, locale, timeZone),
        durationMinutes: row.durationMinutes,
        status: statusLabelKey(row.status),
        price: formatMoney(row.priceCents, locale),
        refund: row.refundCents ? formatMoney(row.refundCents, locale) : null,
      })),
    },
  };
}
