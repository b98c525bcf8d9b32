import { attendanceRate, attendanceTrend, periodWindow, type PracticePeriod } from "~/domain/practice-period";
import { overviewFigures } from "~/models/practice-overview.server";

export interface PracticeOverview {
  period: PracticePeriod;
  timeZone: string;
  consultations: { total: number; completed: number; cancelled: number };
  attendance: { rate: number | null; trend: number | null };
  rating: { average: number | null; reviews: number };
  revenue: { totalCents: number; receivedCents: number; pendingCents: number };
}

/**
 * The overview tab's figures for one psychologist and period, in their own calendar (the zone comes with the session);
 * the week starts on the viewer's language's first day (ADR 030).
 */
export async function practiceOverview(
  { psychologistId, timeZone, locale }: { psychologistId: string; timeZone: string; locale: string },
  period: PracticePeriod,
  now = new Date(),
): Promise<PracticeOverview> {
  const { consultations, attendance, rating, revenue } = await overviewFigures({ psychologistId, window: periodWindow(period, now, timeZone, locale), now });
  const rate = attendanceRate(consultations.completed, attendance.noShow);
  return {
    period,
    timeZone,
    consultations,
    attendance: { rate, trend: attendanceTrend(rate, attendanceRate(attendance.previousCompleted, attendance.previousNoShow)) },
    rating,
    revenue,
  };
}
